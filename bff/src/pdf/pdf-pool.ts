import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RenderReply } from './pdf-worker.js';
import type { PdfDocumentData } from './report-data.js';

/** Renders reports to PDF off the main thread (5,000 rows block a thread for ~3 s). */
export interface PdfPool {
  /** The PDF's bytes; rejects with {@link PdfPoolBusyError} when too many reports are already waiting. */
  render(data: PdfDocumentData): Promise<Buffer>;
  /** Stops the workers; waiting and running renders reject. */
  close(): Promise<void>;
}

/** Options of {@link createPdfPool}. */
export interface PdfPoolOptions {
  /** Worker threads at most (default: one per core beyond the first, at least 1, at most 2). */
  readonly size?: number;
  /** Renders that may wait for a free worker before new ones are refused (default 8). */
  readonly maxQueue?: number;
  /** A render taking longer is abandoned and its worker replaced (default 120 s). */
  readonly timeoutMs?: number;
}

/** Too many reports are waiting; the caller should try again shortly. */
export class PdfPoolBusyError extends Error {}

/** Young generation of a worker's heap, in MiB. */
const YOUNG_GENERATION_MB = 96;

/** Same name as the worker module's constant (importing it here would load pdfmake on the main thread). */
const PDF_WORKER_ROLE = 'rpm-pdf-worker';

interface Job {
  readonly id: number;
  readonly data: PdfDocumentData;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  readonly worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** The worker module beside this file, with this file's extension (.ts under tsx, .js when compiled). */
const WORKER_ENTRY = new URL(`./pdf-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
const WORKER_BOOT = new URL('./pdf-worker-boot.mjs', import.meta.url);

/**
 * A small pool of warm worker threads, started on first use and never holding the process open; jobs wait in order,
 * a failed or timed-out worker is replaced, and the PDF comes back transferred, not copied.
 */
export function createPdfPool(opts: PdfPoolOptions = {}): PdfPool {
  const size = opts.size ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const maxQueue = opts.maxQueue ?? 8;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const finish = (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    // Idle workers must not keep the process alive; a busy one must, or an awaiting script could exit early.
    slot.worker.unref();
  };

  const remove = (slot: Slot, error: Error) => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    const job = slot.job;
    finish(slot);
    job?.reject(error);
    void slot.worker.terminate();
    dispatch();
  };

  const spawn = (): Slot => {
    const worker = new Worker(WORKER_BOOT, {
      workerData: { entry: WORKER_ENTRY.href, role: PDF_WORKER_ROLE },
      // pdfkit writes a page as thousands of small buffers: a larger young generation spends less time in
      // garbage collection (about a third of a 5,000-row render with the default).
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (reply: RenderReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      finish(slot);
      if (reply.ok) job.resolve(Buffer.from(reply.pdf));
      else job.reject(new Error(`PDF rendering failed: ${reply.error}`));
      dispatch();
    });
    worker.on('error', (error) => remove(slot, error));
    worker.on('exit', (code) => remove(slot, new Error(`PDF worker stopped (exit code ${code})`)));
    slots.push(slot);
    return slot;
  };

  const dispatch = () => {
    while (!closed && queue.length > 0) {
      const slot =
        slots.find((candidate) => candidate.job === null) ?? (slots.length < size ? spawn() : null);
      if (!slot) return;
      const job = queue.shift() as Job;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => remove(slot, new Error('PDF rendering took too long')), timeoutMs);
      slot.timer.unref();
      slot.worker.postMessage({ id: job.id, data: job.data });
    }
  };

  return {
    render(data) {
      if (closed) return Promise.reject(new Error('The PDF pool is closed'));
      if (queue.length >= maxQueue)
        return Promise.reject(new PdfPoolBusyError('Too many reports are waiting'));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, data, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The PDF pool is closed'));
      await Promise.all(
        [...slots].map(async (slot) => {
          const job = slot.job;
          finish(slot);
          job?.reject(new Error('The PDF pool is closed'));
          await slot.worker.terminate();
        }),
      );
      slots.length = 0;
    },
  };
}
