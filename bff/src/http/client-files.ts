import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Every file of the build under `root` but hidden ones, as URL paths without the leading slash. */
function buildFiles(root: string): ReadonlySet<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = relative(root, join(entry.parentPath, entry.name)).split(sep);
    if (entry.isFile() && !path.some((segment) => segment.startsWith('.'))) files.add(path.join('/'));
  }
  return files;
}

/** The decoded path of a request URL without its leading slash, or null when it does not decode. */
function urlPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '').slice(1);
  } catch {
    return null;
  }
}

/** Serves the built client, precompressed, with index.html for unknown non-API paths; unknown API paths get a 404. */
export async function clientFiles(app: FastifyInstance, dist: string): Promise<void> {
  const root = resolve(dist);
  const hasClient = existsSync(resolve(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      // Only reply.sendFile: a route per file would add 0.4 s to every start, and the plugin's wildcard route reads
      // every folder of a file's path on every request.
      serve: false,
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
    // The build's files as the URL names them, listed once (the server starts after the build, server.ts): exactly
    // these are served, so no other spelling, hidden file (.vite/manifest.json) or path outside the build is.
    const files = buildFiles(root);
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler(req, reply) {
        const path = urlPath(req.url);
        return path !== null && files.has(path) ? reply.sendFile(path) : reply.callNotFound();
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
    // A missing build file is a 404, not the index page (a stale tab would parse HTML as a script).
    if (path.startsWith('/assets/') || path.startsWith('/icons/')) {
      return reply.status(404).send({ status: 404, message: `No such file: ${path}` });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
