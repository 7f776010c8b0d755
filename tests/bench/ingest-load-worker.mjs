// Worker bootstrap of the intake benchmark's load generator: registers tsx in this thread (a worker does not
// inherit the parent's --import), then runs ingest-load.ts.
import { register } from 'tsx/esm/api';

register();
await import('./ingest-load.ts');
