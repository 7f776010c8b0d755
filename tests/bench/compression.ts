import { brotliCompressSync, gzipSync } from 'node:zlib';
import { brotliOptions, COMPRESS_MIN_BYTES } from '@rpm/bff/http/json-compression';
import { type Figures, quantile } from './bench-helpers.js';

/** The link the threshold is chosen for: a clinic's broadband, 50 Mbit/s (6.25 bytes per µs). */
const LINK_BYTES_PER_US = 50e6 / 8 / 1e6;
const SIZES = [256, 512, 768, 1024, 1536, 2048, 4096, 16384, 65536] as const;
const RUNS = 400;

/** A list answer of about `bytes` bytes: rows shaped like the patient lists' (names, ids, dates, figures). */
function listAnswer(bytes: number): string {
  const first = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Omar', 'Ines', 'Kai'];
  const last = ['Garcia', 'Nguyen', 'Okafor', 'Smith', 'Kowalski', 'Haddad', 'Ito', 'Brown'];
  const rows: unknown[] = [];
  let i = 0;
  let text = '';
  do {
    rows.push({
      patient_id: 1000 + i * 7,
      patient_name: `${first[i % 8]} ${last[(i * 3) % 8]}`,
      dob: `19${40 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
      practice_name: `Practice ${1 + (i % 5)}`,
      readings: (i * 13) % 31,
      last_reading_at: `2026-11-${10 + (i % 18)}T0${i % 10}:15:00.000Z`,
      progress: ['met', 'on_track', 'at_risk', 'unreachable'][i % 4],
    });
    i++;
    text = JSON.stringify({ status: 1, data: rows, count: 4000 });
  } while (text.length < bytes);
  return text;
}

/** The median of single runs, in µs: the machine is shared, so a mean would measure the neighbours. */
function microseconds(run: () => unknown): number {
  for (let i = 0; i < 50; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run();
    times.push((performance.now() - started) * 1000);
  }
  return quantile(times, 0.5);
}

/**
 * Issue 17 goal 3, "compress only above a size where it pays, measured": per answer size, brotli (as
 * json-compression.ts) and gzip time against the time the saved bytes take on a 50 Mbit/s link. Compression pays
 * from the smallest size where the saving outweighs the work; json-compression.ts's COMPRESS_MIN_BYTES is that.
 */
export function compressionThreshold(): Figures {
  const figures: Figures = {};
  let pays: number | undefined;
  for (const size of SIZES) {
    const json = listAnswer(size);
    const brotli = brotliCompressSync(json, brotliOptions(json.length)).length;
    const brotliUs = microseconds(() => brotliCompressSync(json, brotliOptions(json.length)));
    const gzipUs = microseconds(() => gzipSync(json));
    const savedUs = (json.length - brotli) / LINK_BYTES_PER_US;
    if (pays === undefined && savedUs > brotliUs) pays = size;
    figures[`${json.length} B answer`] =
      `brotli ${brotliUs.toFixed(0)} µs → ${brotli} B, gzip ${gzipUs.toFixed(0)} µs; saves ${savedUs.toFixed(0)} µs at 50 Mbit/s`;
  }
  figures['saving beats the work from'] = pays === undefined ? 'never in these sizes' : `${pays} B`;
  figures['COMPRESS_MIN_BYTES (json-compression.ts)'] = `${COMPRESS_MIN_BYTES} B`;
  return figures;
}
