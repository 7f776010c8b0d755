import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client (precompressed) and falls back to index.html for unknown non-API paths, so wouter can route them
 * (a client-side router needs it). API paths that match no call get a JSON 404.
 */
export async function clientFiles(app: FastifyInstance, dist: string): Promise<void> {
  const root = resolve(dist);
  const hasClient = existsSync(resolve(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      // One wildcard route that looks a file up when asked: a route per file (wildcard: false) was 3,000 routes, about
      // 0.4 s of every start (issue 17 goal 5). What it does not find goes to the not-found handler below.
      wildcard: true,
      // The build's hidden files (.vite/manifest.json) stay unserved, as they were with a route per file.
      dotfiles: 'ignore',
      // The client's build writes .br and .gz beside each file (client/vite.config.ts): served as the browser
      // accepts, compressed once at the highest levels instead of on every request.
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite fingerprints assets: cache them for a year; index.html must always be fresh.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ root }, 'no built client found: run `npm run build -w @rpm/client`');
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || !hasClient || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ status: 404, message: `No such call: ${req.method} ${path}` });
    }
    // Issue 11 #8: a missing build file is a 404, not the index page (a stale tab would parse HTML as a script).
    if (path.startsWith('/assets/') || path.startsWith('/icons/')) {
      return reply.status(404).send({ status: 404, message: `No such file: ${path}` });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
