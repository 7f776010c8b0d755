/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const bff = 'http://127.0.0.1:3000';

// The client is served by the BFF in production (one origin, strict CSP); in development Vite proxies to it.
export default defineConfig({
  plugins: [react()],
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
  },
});
