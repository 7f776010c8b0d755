/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const bff = 'http://127.0.0.1:3000';

// The running client's version, compared with the server's 'rpm_version' (001 §4 version check; VersionCheck.tsx).
// Without a version in package.json the build says '' and the check stays silent rather than nag on every load.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version?: unknown;
};
const appVersion = typeof pkg.version === 'string' ? pkg.version : '';

// The client is served by the BFF in production (one origin, strict CSP); in development Vite proxies to it.
export default defineConfig({
  // .br and .gz beside each text file of the build, served by the BFF as the browser accepts (bff client-files.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: {
      '/api': { target: bff, changeOrigin: false },
      '/socket.io': { target: bff, ws: true },
    },
  },
  test: {
    name: 'client',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Room for the setup's 5 s findBy/waitFor on a loaded CI machine; a passing test takes well under a second.
    testTimeout: 20_000,
  },
});
