import { parentPort, workerData } from 'node:worker_threads';
import { HUB_EVENTS, type NotificationNewPayload } from '@rpm/shared';
import { io as connect } from 'socket.io-client';

/** What the load generator needs (tests/bench/ingest.ts). */
export interface LoadInput {
  readonly base: string;
  readonly key: string;
  readonly user: { readonly user_id: number; readonly token: string };
  readonly cookie: string;
  readonly rate: number;
  readonly seconds: number;
  /** Seconds of unmeasured load first (JIT, PGlite's memory), with readings a day before `start`. */
  readonly warmupSeconds: number;
  /** taken_at of the first measurement (ms). */
  readonly start: number;
  readonly devices: readonly { readonly patient: number; readonly imei: string }[];
}

/** What it measured. */
export interface LoadResult {
  readonly sent: number;
  readonly distinct: number;
  readonly failed: number;
  readonly seconds: number;
  readonly alerts: number;
  readonly answerTimes: number[];
  /** Socket push time minus answer time, per alert (ms; negative when the push came first). */
  readonly afterAnswer: number[];
  /** Socket push time minus send time, per alert (ms). */
  readonly afterSend: number[];
}

/**
 * The load of the intake benchmark, in a worker thread: an open loop of POST /api/ingest/readings at `rate` a
 * second (a request leaves when due, answered or not), every tenth reading beyond its critical bound with a value
 * no other request uses (so a push names its request), every twentieth request a retry of the one sent seven
 * earlier; and the nurse's socket.io client, timing each alert's push.
 */
async function generate(input: LoadInput): Promise<LoadResult> {
  const socket = connect(input.base, {
    path: '/socket.io',
    auth: { uid: input.user.user_id, token: input.user.token },
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: input.cookie },
  });
  await new Promise<void>((ok, fail) => {
    socket.once('connect', () => ok());
    socket.once('connect_error', fail);
  });
  const pushedAt = new Map<string, number>();
  socket.on(HUB_EVENTS.notificationNew, (payload: NotificationNewPayload) => {
    const value = /blood glucose ([\d.]+) /.exec(payload.notification_message)?.[1];
    pushedAt.set(`${payload.fk_patient_id}:${value}`, performance.now());
  });

  // Warm-up: the same load a day earlier, not measured and never beyond a bound.
  const warm: Promise<unknown>[] = [];
  const warmStart = performance.now();
  for (let n = 0; n < input.rate * input.warmupSeconds; n++) {
    const wait = warmStart + (n * 1000) / input.rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const device = input.devices[n % input.devices.length] as LoadInput['devices'][number];
    warm.push(
      fetch(`${input.base}/api/ingest/readings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-key': input.key },
        body: JSON.stringify({
          imei: device.imei,
          taken_at: new Date(input.start - 86_400_000 + n * 1000).toISOString(),
          values: { blood_glucose: 100 + (n % 50) },
        }),
      }).then((res) => res.arrayBuffer()),
    );
  }
  await Promise.all(warm);

  const body = (i: number) => {
    const device = input.devices[i % input.devices.length] as LoadInput['devices'][number];
    const alert = i % 10 === 0;
    const value = alert ? 300 + (i / 10) * 0.5 : 90 + (i % 80);
    return {
      key: alert ? `${device.patient}:${value}` : null,
      json: JSON.stringify({
        imei: device.imei,
        taken_at: new Date(input.start + i * 1000).toISOString(),
        values: { blood_glucose: value },
      }),
    };
  };
  const total = input.rate * input.seconds;
  const sentAt = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  const answerTimes: number[] = [];
  const distinct = new Set<number>();
  let failed = 0;
  let alerts = 0;
  const inflight: Promise<void>[] = [];
  const began = performance.now();
  for (let n = 0; n < total; n++) {
    const wait = began + (n * 1000) / input.rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const i = n % 20 === 19 ? n - 7 : n;
    distinct.add(i);
    const { key, json } = body(i);
    const retry = i !== n;
    const sent = performance.now();
    if (key && !retry) sentAt.set(key, sent);
    inflight.push(
      fetch(`${input.base}/api/ingest/readings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-key': input.key },
        body: json,
      }).then(
        async (res) => {
          const answer = (await res.json()) as { data?: { alerts: unknown[]; duplicate: boolean } };
          const done = performance.now();
          answerTimes.push(done - sent);
          if (res.status !== 200) failed++;
          else if (!answer.data?.duplicate) {
            alerts += answer.data?.alerts.length ?? 0;
            if (key) answeredAt.set(key, done);
          }
        },
        () => {
          failed++;
        },
      ),
    );
  }
  await Promise.all(inflight);
  const seconds = (performance.now() - began) / 1000;
  const settle = performance.now();
  while (pushedAt.size < answeredAt.size && performance.now() - settle < 2000)
    await new Promise((r) => setTimeout(r, 20));
  socket.disconnect();
  const afterAnswer: number[] = [];
  const afterSend: number[] = [];
  for (const [key, answered] of answeredAt) {
    const pushed = pushedAt.get(key);
    if (pushed === undefined) continue;
    afterAnswer.push(pushed - answered);
    afterSend.push(pushed - (sentAt.get(key) ?? answered));
  }
  return {
    sent: total,
    distinct: distinct.size,
    failed,
    seconds,
    alerts,
    answerTimes,
    afterAnswer,
    afterSend,
  };
}

if (parentPort && workerData) parentPort.postMessage(await generate(workerData as LoadInput));
