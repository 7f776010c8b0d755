import { createApp } from '@rpm/bff/app';
import { loadConfig } from '@rpm/bff/config';
import { testDatabase } from '@rpm/bff/db/test-database';
import { multipartFile, signIn } from '@rpm/bff/test-app';
import { placeOf } from '@rpm/bff/test-fixtures';
import { csvFile, PATIENT_HEADER, patientRow, placeNames } from '@rpm/bff/uploads/test-world';
import { callUrl, UPLOAD_CALLS } from '@rpm/shared';
import { childFigures } from './bench-helpers.js';

/**
 * Bulk upload of a 10,000-row patients CSV (issue 38 §5; decisions.md "CSV uploads"): the preview's and the
 * commit's time, and the process's resident memory above its level before each step, sampled every 5 ms (the file
 * is streamed a thousand rows at a time, never held as rows: the growth must stay flat). On PGlite in a child
 * process of its own, then on a throwaway PostgreSQL (scripts/with-postgres.mjs), so neither run's memory is the
 * other's.
 */

const ROWS = Number(process.env.UPLOAD_BENCH_ROWS ?? 10_000);
const GOALS = { previewMs: 5_000, commitMs: 15_000, rssMiB: 100 } as const;

interface Figures {
  readonly engine: string;
  readonly bytes: number;
  readonly previewMs: number;
  readonly commitMs: number;
  readonly created: number;
  readonly previewRssMiB: number;
  readonly commitRssMiB: number;
}

/** Runs `work`, sampling the resident set every 5 ms; its time and the peak above the level before it. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; rssMiB: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, ms: performance.now() - started, rssMiB: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

async function run(engine: string): Promise<Figures> {
  const { db, close } = await testDatabase({ seedPatients: 20 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    CLIENT_DIST: './none',
  });
  const app = await createApp({ config, db, missedReadingsIntervalMs: 0 });
  try {
    const admin = await signIn(app, 'role2@demo.test');
    const names = await placeNames(db, await placeOf(db, admin.user.user_id));
    const rows = Array.from({ length: ROWS }, () => patientRow(names, { Mobile: '' }));
    const file = csvFile([PATIENT_HEADER, ...rows]);
    rows.length = 0;
    const body = multipartFile(file, 'patients.csv', 'text/csv');
    const preview = await measured(() =>
      app.inject({
        method: 'POST',
        url: callUrl(UPLOAD_CALLS.patients.preview),
        headers: { ...admin.headers, 'content-type': body.contentType },
        payload: body.payload,
      }),
    );
    const summary = preview.value.json().data;
    if (preview.value.statusCode !== 200 || summary.counts.new !== ROWS)
      throw new Error(`preview: ${preview.value.statusCode} ${preview.value.body.slice(0, 300)}`);
    const commit = await measured(() =>
      app.inject({
        method: 'POST',
        url: callUrl(UPLOAD_CALLS.patients.commit),
        headers: admin.headers,
        payload: { upload_id: summary.upload_id, all_or_nothing: true, update_existing: false },
      }),
    );
    return {
      engine,
      bytes: file.length,
      previewMs: preview.ms,
      commitMs: commit.ms,
      created: commit.value.json().data.counts.created,
      previewRssMiB: preview.rssMiB,
      commitRssMiB: commit.rssMiB,
    };
  } finally {
    await app.close();
    await close();
  }
}

/** One engine's run in a child process: PostgreSQL under scripts/with-postgres.mjs. */
function runChild(engine: 'pglite' | 'postgres'): Promise<Figures | string> {
  const self = [
    process.execPath,
    '--expose-gc',
    '--import',
    'tsx',
    'tests/bench/uploads.ts',
    `--child=${engine}`,
  ];
  const env = { ...process.env };
  if (engine === 'pglite') delete env.DATABASE_URL;
  return childFigures<Figures>(
    engine === 'postgres' ? ['scripts/with-postgres.mjs', ...self] : self.slice(1),
    env,
  );
}

const within = (value: number, goal: number, unit: string) =>
  `${value.toFixed(unit === 'MiB' ? 1 : 0)} ${unit} (goal ≤ ${goal} ${unit}) ${value <= goal ? 'ok' : 'OVER'}`;

function report(f: Figures | string, label: string): Record<string, string> {
  if (typeof f === 'string') return { [label]: f };
  return {
    [`${label}: file`]: `${ROWS.toLocaleString('en-US')} rows, ${(f.bytes / 1024 / 1024).toFixed(2)} MiB`,
    [`${label}: preview`]: within(f.previewMs, GOALS.previewMs, 'ms'),
    [`${label}: commit (${f.created} added)`]: within(f.commitMs, GOALS.commitMs, 'ms'),
    [`${label}: preview peak RSS growth`]: within(f.previewRssMiB, GOALS.rssMiB, 'MiB'),
    [`${label}: commit peak RSS growth`]: within(f.commitRssMiB, GOALS.rssMiB, 'MiB'),
  };
}

/** The benchmark on both engines. */
export async function uploadsBenchmark(): Promise<Record<string, string>> {
  const pglite = await runChild('pglite');
  const postgres = await runChild('postgres');
  return { ...report(pglite, 'PGlite'), ...report(postgres, 'PostgreSQL') };
}

const child = process.argv.find((arg) => arg.startsWith('--child='));
if (child) process.stdout.write(`${JSON.stringify(await run(child.slice('--child='.length)))}\n`);
