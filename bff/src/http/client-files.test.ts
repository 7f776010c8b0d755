import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFiles } from './client-files.js';

const INDEX = '<!doctype html><title>RPM</title>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const ICON = 'export default ["M0 0h16v16H0z"];';

let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  // A build as client/vite.config.ts writes it: each text file with its .br and .gz.
  dist = await mkdtemp(join(tmpdir(), 'rpm-dist-'));
  await mkdir(join(dist, 'assets'));
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, '.vite/manifest.json'), '{}');
  await mkdir(join(dist, 'assets/bp-icons-6/16px'), { recursive: true });
  for (const [path, text] of [
    ['index.html', INDEX],
    ['assets/app-1a2b.js', SCRIPT],
    ['assets/bp-icons-6/16px/menu.js', ICON],
  ] as const) {
    await writeFile(join(dist, path), text);
    await writeFile(join(dist, `${path}.br`), brotliCompressSync(text));
    await writeFile(join(dist, `${path}.gz`), gzipSync(text));
  }
  app = Fastify();
  await clientFiles(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('clientFiles', () => {
  it('serves the compressed copy the browser accepts, an asset cached for a year', async () => {
    const br = await get('/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await get('/assets/app-1a2b.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a client route with index.html, never cached, compressed as well', async () => {
    const res = await get('/app/billing-report', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it.each(['/assets/index-gone123.js', '/icons/missing.svg'])(
    'answers a missing build file %s with 404, not the index page (issue 11 #8)',
    async (path) => {
      const res = await get(path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: `No such file: ${path}` });
    },
  );

  it.each(['/.vite/manifest.json', '/assets/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd'])(
    'serves nothing outside the build nor its hidden files: %s',
    async (path) => {
      const res = await get(path);
      expect(res.statusCode === 404 || res.statusCode === 403 || res.body === INDEX).toBe(true);
      expect(res.body).not.toContain('root:');
      expect(res.body).not.toBe('{}');
    },
  );

  it('serves a file in a folder of folders, under its own spelling only', async () => {
    const icon = await get('/assets/bp-icons-6/16px/menu.js', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBe('br');
    expect((await get('/assets/bp-icons-6/16px/menu.js')).body).toBe(ICON);
    expect((await get('/assets/bp-icons-6/16px/menu.js?v=2')).body).toBe(ICON);
    for (const other of ['/assets/bp-icons-6/16px/MENU.js', '/Assets/app-1a2b.js', '/assets//app-1a2b.js'])
      expect((await get(other)).body).not.toMatch(/^(console|export)/);
    expect((await app.inject({ method: 'HEAD', url: '/assets/app-1a2b.js' })).statusCode).toBe(200);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await get('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'No such call: GET /api/nothing/here' });
  });
});
