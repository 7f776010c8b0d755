import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { translateText } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { TRANSLATION_NOT_CONFIGURED, translateToEnglish } from './translator.js';

/** A tiny LibreTranslate-compatible provider on 127.0.0.1: it records requests and answers as told. */
let provider: Server;
let providerUrl: string;
let requests: Record<string, unknown>[] = [];
let answer: (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => void;

let t: TestApp; // TRANSLATE_API_URL unset
let configured: FastifyInstance; // the same database, with the fake provider configured
let headers: Record<string, string>;

beforeAll(async () => {
  provider = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ path: req.url, method: req.method, ...body });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/translate`;

  t = await startTestApp();
  configured = await createApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CLIENT_DIST: './no-client',
      TRANSLATE_API_URL: providerUrl,
      TRANSLATE_API_KEY: 'test-key',
    }),
    db: t.db,
    clock: t.clock,
  });
  await configured.ready();
  // One session serves both apps: they share the database.
  headers = (await signIn(t.app, 'role2@demo.test')).headers;
});
afterAll(async () => {
  await configured.close();
  await t.close();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});
beforeEach(() => {
  requests = [];
  answer = (_req, res, body) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ translatedText: `EN(${String(body.q)})` }));
  };
});

const translate = (app: FastifyInstance, body: unknown) =>
  injectUnchecked(app, translateText, { body }, { headers });

describe('translateText (000 §2.10, §4.7, §7)', () => {
  it('answers 503 with a clear message when no provider is configured', async () => {
    const res = await translate(t.app, { translate_text: 'Hola', source: 'es' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 503, message: TRANSLATION_NOT_CONFIGURED });
  });

  it.each([
    ['es', 'es'],
    ['ar', 'ar'],
    ['', 'auto'],
  ])("asks the provider to translate from '%s' (sent as %s) to English", async (source, sent) => {
    const res = await translate(configured, { translate_text: '  Clínica del puerto ', source });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      data: { translations: [{ translatedText: 'EN(Clínica del puerto)' }] },
    });
    expect(requests).toEqual([
      {
        path: '/translate',
        method: 'POST',
        q: 'Clínica del puerto',
        source: sent,
        target: 'en',
        format: 'text',
        api_key: 'test-key',
      },
    ]);
  });

  it.each([
    [
      'an error status',
      (res: ServerResponse) => {
        res.writeHead(429, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Slowdown: too many requests' }));
      },
      'Translation failed: the translation provider answered 429 (Slowdown: too many requests).',
    ],
    [
      'an unreadable answer',
      (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>maintenance</html>');
      },
      'Translation failed: the translation provider gave an answer we could not read.',
    ],
    [
      'a dropped connection',
      (res: ServerResponse) => {
        res.socket?.destroy();
      },
      'Translation failed: the translation provider could not be reached.',
    ],
  ])('answers 502 when the provider gives %s', async (_, reply, message) => {
    answer = (_req, res) => reply(res);
    const res = await translate(configured, { translate_text: 'Hola', source: 'es' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ status: 502, message });
  });

  it('gives up when the provider does not answer in time', async () => {
    // A provider of its own that never answers, so its late request cannot land in another test's record.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const config = {
        TRANSLATE_API_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/translate`,
        TRANSLATE_API_KEY: undefined,
      };
      await expect(translateToEnglish(config, 'Hola', 'es', 50)).rejects.toMatchObject({
        kind: 'upstream_failed', // 502
        message: 'Translation failed: the translation provider did not answer within 0.05 seconds.',
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it.each([
    ['empty text', { translate_text: '   ', source: 'es' }, 'translate_text', 'Please enter text.'],
    ['an unknown source language', { translate_text: 'Hola', source: 'fr' }, 'source', undefined],
    ['no text', { source: 'es' }, 'translate_text', undefined],
  ])('refuses %s without calling the provider', async (_, body, field, text) => {
    const res = await translate(configured, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    if (text) expect(res.json().message).toContain(text);
    expect(requests).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await injectCall(configured, translateText, {
      body: { translate_text: 'Hola', source: 'es' },
    });
    expect(res.statusCode).toBe(401);
    expect(requests).toEqual([]);
  });
});

describe('TRANSLATE_API_URL / TRANSLATE_API_KEY configuration', () => {
  it.each([
    [{}, undefined],
    [{ TRANSLATE_API_URL: '' }, undefined],
    [
      { TRANSLATE_API_URL: 'https://translate.example.org/translate' },
      'https://translate.example.org/translate',
    ],
  ])('reads %o', (env, url) => {
    expect(loadConfig(env).TRANSLATE_API_URL).toBe(url);
  });

  it.each([[{ TRANSLATE_API_URL: 'not a url' }], [{ TRANSLATE_API_URL: 'ftp://example.org/x' }]])(
    'stops on a bad URL (%o)',
    (env) => {
      expect(() => loadConfig(env)).toThrow(/TRANSLATE_API_URL/);
    },
  );
});
