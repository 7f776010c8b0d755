import { billingReport } from './billing-report.js';
import { clientBundle } from './client-bundle.js';
import { compressionThreshold } from './compression.js';
import { fhirBenchmark } from './fhir.js';
import { ingestBenchmark } from './ingest.js';
import { clusterIngestBenchmark } from './ingest-cluster.js';
import { listScroll } from './list-scroll.js';
import { listsBenchmark } from './lists.js';
import { monthCloseBenchmark } from './month-close.js';
import { patientSearchBenchmark } from './patient-search.js';
import { scaleBenchmark } from './scale.js';
import { signInRoundTrip } from './sign-in-round-trip.js';
import { signInToUsable } from './sign-in-to-usable.js';
import { sleepHubBenchmark } from './sleep-hub.js';
import { startBenchmark } from './start.js';
import { uploadsBenchmark } from './uploads.js';

/** `npm run bench`: prints each benchmark's figures. */
const benches: [string, () => Promise<Record<string, string>> | Record<string, string>][] = [
  ['client bundle', clientBundle],
  ['sign-in', signInRoundTrip],
  ['sign-in to a usable shell', signInToUsable],
  ['compression threshold', compressionThreshold],
  ['billing report', billingReport],
  ['month close (10,000 and 100,000 patients)', monthCloseBenchmark],
  ['lists (patients, monitoring worklist)', listsBenchmark],
  ['list scrolling (client)', listScroll],
  ['header patient search (10,000 and 100,000 patients)', patientSearchBenchmark],
  ['reading intake', ingestBenchmark],
  ['sleep-hub: sleep-test lock hub', sleepHubBenchmark],
  ['start', startBenchmark],
  ['uploads: a 10,000-row patients CSV', uploadsBenchmark],
  ['fhir: Observation search and Bulk export (10,000 patients, PostgreSQL)', fhirBenchmark],
  ['cluster: readings in at 500/s on two replicas behind a balancer, one killed', clusterIngestBenchmark],
  ['scale: every hot call at 10,000 and 100,000 patients, each engine', scaleBenchmark],
];

// `npm run bench -- <words>` runs the benchmarks whose name holds one of the words.
const only = process.argv.slice(2).map((word) => word.toLowerCase());
for (const [name, bench] of benches) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  const figures = await bench();
  console.log(`\n${name}`);
  for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(34)} ${value}`);
}
