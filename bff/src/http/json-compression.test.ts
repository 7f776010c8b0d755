import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_SYNC_MAX_BYTES, compressJson } from './json-compression.js';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i, name: `Lastname ${i}, Firstname` }));

let app: FastifyInstance;

beforeAll(async () => {
  // As in app.ts: compressJson as the app's onSend hook.
  app = Fastify();
  app.addHook('onSend', compressJson);
  app.get<{ Querystring: { n: string } }>('/rows', async (req) => ({
    data: rows(Number(req.query.n)),
  }));
  app.get('/vary', async (_req, reply) => {
    reply.header('vary', 'origin');
    return { data: rows(100) };
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compressJson', () => {
  it('answers brotli when the client accepts it, compressed once, with Vary', async () => {
    const res = await get('/rows?n=100', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual({ data: rows(100) });
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('answers gzip to a client that accepts only gzip', async () => {
    const res = await get('/rows?n=100', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual({ data: rows(100) });
  });

  it('leaves small answers and clients without an accepted encoding alone', async () => {
    const small = await get('/rows?n=1', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ data: rows(1) });
    for (const encoding of [undefined, 'identity']) {
      const res = await get('/rows?n=100', encoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual({ data: rows(100) });
    }
    // deflate only: offered neither brotli nor gzip, the answer goes out as it is.
    const deflate = await get('/rows?n=100', 'deflate');
    expect(deflate.headers['content-encoding']).toBeUndefined();
    expect(deflate.json()).toEqual({ data: rows(100) });
  });

  it('adds accept-encoding to an existing Vary', async () => {
    const res = await get('/vary', 'br');
    expect(res.headers.vary).toBe('origin, accept-encoding');
  });

  it.each(['gzip', 'br'])(
    `compresses answers over ${COMPRESS_SYNC_MAX_BYTES / 1024} KiB off the event loop (%s)`,
    async (encoding) => {
      const n = 10_000; // about 400 KiB of JSON
      const res = await get(`/rows?n=${n}`, encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const text = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(JSON.parse(text.toString()).data).toHaveLength(n);
    },
  );
});
