// Entry of a PDF worker thread (pdf-pool.ts). Node 20 does not apply the parent's `--import tsx` to a worker's own
// entry file, so this plain-JavaScript file registers tsx and then loads the TypeScript worker it was given.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
