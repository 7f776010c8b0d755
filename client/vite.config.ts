/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const bff = 'http://127.0.0.1:3000';

// The running client's version, compared with the server's 'rpm_version' (001 §4 version check; VersionCheck.tsx).
// Without a version in package.json the build says '' and the check stays silent rather than nag on every load.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version?: unknown;
};
const appVersion = typeof pkg.version === 'string' ? pkg.version : '';

// Issue 17 goal 1: each Blueprint icon's paths as a file of its own (fetched by src/icons/icon-files.ts), in a
// folder named by the icons' version so the year-long asset cache stays right.
const iconsPackage = createRequire(import.meta.url).resolve('@blueprintjs/icons/package.json');
const iconsVersion = (JSON.parse(readFileSync(iconsPackage, 'utf8')) as { version: string }).version;
const iconFolder = `assets/bp-icons-${iconsVersion}/`;
function iconFiles(): Plugin {
  return {
    name: 'rpm-icon-files',
    apply: 'build',
    generateBundle() {
      for (const size of ['16px', '20px']) {
        const dir = resolve(dirname(iconsPackage), 'lib/esm/generated', size, 'paths');
        for (const file of readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'index.js')) {
          const source = readFileSync(resolve(dir, file), 'utf8').replace(
            /\n\/\/# sourceMappingURL=.*$/,
            '\n',
          );
          this.emitFile({ type: 'asset', fileName: `${iconFolder}${size}/${file}`, source });
        }
      }
    },
  };
}

// Issue 17 goal 2: every chunk is compiled whole as it loads (V8's explicit compile hint, Chromium 136+), on a
// streaming thread and while the user types the password, rather than function by function on the main thread as
// the start page first draws; amazon-connect-streams, of which a call screen runs a small part, stays lazy
// (decisions.md "Chunks compiled as they load").
const LAZILY_COMPILED = /node_modules[\\/]amazon-connect-streams[\\/]/;
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const compiledWhole = (chunk: { moduleIds: readonly string[] }) =>
  !chunk.moduleIds.some((id) => LAZILY_COMPILED.test(id));
function markEagerChunks(bundle: Rolldown.OutputBundle): void {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !compiledWhole(chunk)) continue;
    chunk.code = COMPILE_HINT + chunk.code;
    // The source map's lines move down by the comment's line: the chunk's map and the .map file already emitted
    // beside it (a build with source maps).
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
    const mapFile = bundle[`${chunk.fileName}.map`];
    if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
      const map = JSON.parse(mapFile.source) as { mappings: string };
      mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
    }
  }
}
function eagerCompile(): Plugin {
  return {
    name: 'rpm-eager-compile',
    apply: 'build',
    // The hint is part of the file: its name changes with it, so the year-long cache never holds one without it.
    augmentChunkHash: (chunk) => (compiledWhole(chunk) ? COMPILE_HINT : undefined),
    // V8 honours the hint only before the first token, and Vite's import analysis puts its preload map at the top of
    // a chunk in its generateBundle; the compression plugin compresses after that, in the manifest's. So the hint
    // goes in right after the import analysis, as the compression plugin follows the manifest.
    configResolved(config) {
      const analysis = config.plugins.find((plugin) => plugin.name === 'vite:build-import-analysis') as
        | { generateBundle?: unknown }
        | undefined;
      const hook = analysis?.generateBundle;
      if (!analysis || typeof hook !== 'function')
        throw new Error("rpm-eager-compile: Vite's import analysis has no generateBundle to follow");
      analysis.generateBundle = async function (this: unknown, ...args: [unknown, Rolldown.OutputBundle]) {
        await hook.apply(this, args);
        markEagerChunks(args[1]);
      };
    },
  };
}

// Blueprint Table2's resize sensor writes its divs as markup with style attributes, which the CSP refuses; Table2
// gets a ResizeObserver instead (decisions.md "Table resizes under the CSP"). A plugin rather than an alias: the
// import is relative, and the development server's pre-bundling resolves relative imports without the aliases.
const TABLE_RESIZE_SENSOR = resolve(import.meta.dirname, 'src/frame/table-resize-sensor.ts');
function tableResizeSensor(): Plugin {
  return {
    name: 'rpm-table-resize-sensor',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromTable = importer !== undefined && /[\\/]@blueprintjs[\\/]table[\\/]lib[\\/]/.test(importer);
      return fromTable && /^\.\/interactions\/resizeSensor(\.js)?$/.test(source) ? TABLE_RESIZE_SENSOR : null;
    },
  };
}

// The client is served by the BFF in production (one origin, strict CSP); in development Vite proxies to it.
export default defineConfig({
  // .br and .gz beside each text file of the build, served by the BFF as the browser accepts (bff client-files.ts).
  // Brotli at quality 10, not the plugin's 11: 3.0 s of the build instead of 7.8 s for 1.7% more bytes
  // (decisions.md "Client files compressed at brotli quality 10").
  plugins: [
    tableResizeSensor(),
    react(),
    iconFiles(),
    eagerCompile(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 10 } }),
        'gzip',
      ],
      threshold: 1024,
    }),
  ],
  // react-big-calendar's ES module imports nine CommonJS lodash functions; es-toolkit's lodash-compatible ones are
  // ES modules at half lodash-es's size (4 KiB gzip less), and of react-overlays it draws only the portal of
  // `calendar-overlay.tsx` (issue 17 goal 1; decisions.md "Calendar without Popper").
  resolve: {
    alias: [
      { find: /^lodash\/(.*)$/, replacement: 'es-toolkit/compat/$1' },
      {
        find: /^react-overlays$/,
        replacement: resolve(import.meta.dirname, 'src/sleep/calendar-overlay.tsx'),
      },
    ],
  },
  // The development server pre-bundles Table2 with the same resize sensor as the build.
  optimizeDeps: { rolldownOptions: { plugins: [tableResizeSensor()] } },
  define: { __APP_VERSION__: JSON.stringify(appVersion), __ICON_FILES__: JSON.stringify(`/${iconFolder}`) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Issue 17 goal 5 (npm start): no gzip of every file for the build's report; `npm run bench -- bundle` measures.
    reportCompressedSize: false,
    rolldownOptions: {
      // react-big-calendar's one ES module imports every localizer's dayjs plugins, CommonJS files kept for their
      // side effects; the calendar uses the date-fns localizer, so they go (issue 17 goal 1, Technician Calendar).
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]dayjs[\\/]/, sideEffects: false }],
      },
      output: {
        // Issue 17 goal 1 (no chunk over 60 KiB gzip on the path to a start page): the libraries every page needs
        // in chunks of their own, cached across releases of our code.
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            {
              name: 'react',
              test: /node_modules[\\/](react|use-sync-external-store|wouter|regexparam)[\\/]/,
            },
            { name: 'xstate', test: /node_modules[\\/](xstate|@xstate[\\/]react)[\\/]/ },
            // With zod, shared's zod-csp (jitless in a browser), so no chunk builds a schema before it runs (issue 11 #9).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|shared[\\/]src[\\/]zod-csp\.ts$/ },
          ],
        },
      },
    },
  },
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
