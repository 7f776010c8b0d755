/** The running client's version, from client/package.json, injected by Vite's `define` (client/vite.config.ts). */
declare const __APP_VERSION__: string;
