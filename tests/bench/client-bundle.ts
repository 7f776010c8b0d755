import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = resolve(import.meta.dirname, '../../client/dist');

/**
 * First-load JS and CSS of the sign-in page (gzip): the entry chunk with its static imports and their CSS, read
 * from Vite's manifest of the built client (`npm run build -w @rpm/client` first). Lazy chunks load later.
 */
export function clientBundle(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(resolve(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const f of chunk.css ?? []) css.add(f);
    for (const k of chunk.imports ?? []) visit(k);
  };
  visit(entry[0]);
  const gz = (files: Set<string>) =>
    [...files].reduce((sum, f) => sum + gzipSync(readFileSync(resolve(dist, f))).length, 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return {
    'sign-in first-load JS (gzip)': `${kb(gz(js))} in ${js.size} files`,
    'sign-in first-load CSS (gzip)': `${kb(gz(css))} in ${css.size} files`,
  };
}
