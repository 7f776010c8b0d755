import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Figures } from './bench-helpers.js';

const root = resolve(import.meta.dirname, '../..');
const READY = /RPM is running at (\S+)/;

/** Runs `npm start`'s script with `env` until it prints its URL; answers the seconds it took, then stops it. */
function timeStart(env: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    let seconds: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (seconds === undefined && READY.test(output)) {
        seconds = (performance.now() - started) / 1000;
        child.kill('SIGTERM');
      }
    });
    child.on('exit', () =>
      seconds === undefined ? fail(new Error(`npm start ended without its URL:\n${output}`)) : done(seconds),
    );
  });
}

/**
 * Issue 17 goal 5: `npm start` on a fresh clone after `npm install` (no client build, an empty data folder: the
 * client is built, PGlite created, migrated and seeded with the demo data) until it prints its URL, then a restart
 * on that data folder with the build in place.
 */
export async function startBenchmark(): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rpm-start-'));
  const env = { DATA_DIR: join(dataDir, 'pglite'), PORT: '0', LOG_LEVEL: 'warn' };
  try {
    rmSync(join(root, 'client/dist'), { recursive: true, force: true });
    const fresh = await timeStart(env);
    const restart = await timeStart(env);
    return {
      'fresh clone → URL': `${fresh.toFixed(1)} s (goal ≤ 20 s)`,
      'restart on its data → URL': `${restart.toFixed(1)} s (goal ≤ 5 s)`,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
