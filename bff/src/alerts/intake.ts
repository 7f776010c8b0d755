import { createHash } from 'node:crypto';
import {
  daysAgo,
  deviceErrorText,
  IMPOSSIBLE_AT_ZERO,
  INGEST_CLOCK_SKEW_MS,
  INGEST_MAX_AGE_DAYS,
  type IngestReadingBody,
  isoDay,
  type Thresholds,
} from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { recordReadings } from '../billing/summary.js';
import type { Clock } from '../clock.js';
import type { Database, Db } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { Hub } from '../hub/hub.js';
import { careTeam } from './care-team.js';
import { DEVICE_KEY_MIN_LENGTH, hashDeviceKey } from './device-keys.js';
import { evaluateMeasurement, type MeasuredValue } from './evaluate.js';
import { type PendingPush, pushAll, type RaisedAlert, recordAlerts } from './raise.js';
import { weightBaseline } from './weight-baseline.js';

/**
 * The reading intake's pipeline (issue 5 part 5). Requests are written in batches, group-commit style: while one
 * batch is being written, the requests that arrive queue up, and the next batch takes them all (up to
 * `maxBatch`). A batch costs about as many queries as a single measurement (the work is set-based: one lookup,
 * one statement that records the messages and finds assignments and rules, one recordReadings, one audit insert),
 * so under load the batches grow and throughput follows; with PGlite's single connection one measurement per
 * transaction could not reach 200 readings a second (tests/bench/ingest.ts). Each measurement still succeeds or
 * fails on its own: a refused one gets its own 4xx, and every stored one has its audit row in the transaction
 * that stores it.
 */

/** One request to the intake. */
export interface IntakeRequest {
  /** The x-device-key header. */
  readonly key: string | undefined;
  readonly body: IngestReadingBody;
  readonly ip: string;
}

/** The intake's answer to one measurement. */
export interface IntakeAnswer {
  readonly reading_ids: number[];
  readonly duplicate: boolean;
  readonly alerts: RaisedAlert[];
  readonly device_errors: { vital_type: string; value: number; message: string }[];
  readonly device_task_id: number | null;
}

export interface Intake {
  /** Queues a measurement; resolves with its answer or rejects with its HttpError. */
  submit(request: IntakeRequest): Promise<IntakeAnswer>;
  /** Refuses new requests and waits for the queued ones. */
  close(): Promise<void>;
}

export interface IntakeOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly hub: Hub;
  /** Most measurements per transaction (default 200). */
  readonly maxBatch?: number;
}

/** A vital name as the intake compares it: lower case, without spaces, hyphens or underscores. */
export const vitalKey = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '');

/** PostgreSQL's deadlock and serialization-failure codes: the batch is retried. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

interface Pending {
  readonly request: IntakeRequest;
  resolve(answer: IntakeAnswer): void;
  reject(error: unknown): void;
}

interface Vital {
  readonly vital_id: number;
  readonly vital_type: string;
  readonly unit: string;
  readonly device_type_id: number;
}

/** A measurement that passed the checks outside the transaction. */
interface Checked {
  readonly index: number;
  readonly keyId: number;
  readonly inventoryId: number;
  readonly deviceTypeId: number;
  readonly takenAt: string;
  readonly day: string;
  readonly payloadHash: string;
  readonly values: readonly (Omit<Vital, 'device_type_id'> & { value: number })[];
  /** Values no person can have (issue 11 #8): a device error, neither stored nor alerted. */
  readonly deviceErrors: IntakeAnswer['device_errors'];
  readonly ip: string;
}

export function createIntake(opts: IntakeOptions): Intake {
  const { db, clock, hub } = opts;
  const maxBatch = opts.maxBatch ?? 200;
  const queue: Pending[] = [];
  let running: Promise<void> | null = null;
  let closed = false;

  function kick(): void {
    if (running) return;
    running = (async () => {
      // Yield to the event loop before each batch: PGlite answers through promise callbacks alone, so without a
      // turn of the loop no new request would be read while a batch is written, and every batch would hold one.
      do {
        await new Promise<void>((resolve) => setImmediate(resolve));
        await processBatch(queue.splice(0, maxBatch));
      } while (queue.length > 0);
    })().finally(() => {
      running = null;
      // A request queued between the loop's last check and here.
      if (queue.length > 0) kick();
    });
  }

  async function processBatch(batch: readonly Pending[]): Promise<void> {
    const outcomes: (IntakeAnswer | Error | undefined)[] = new Array(batch.length);
    let pushes: PendingPush[] = [];
    // A failure of the batch's queries (not a refusal of one measurement) fails the measurements not yet answered.
    let failure: unknown = null;
    try {
      const now = clock.now();
      const checked = await check(db, batch, now, outcomes);
      if (checked.length > 0) {
        for (let attempt = 1; ; attempt++) {
          try {
            const written = await db.transaction().execute((trx) => write(trx, checked, now));
            for (const [index, outcome] of written.outcomes) outcomes[index] = outcome;
            pushes = written.pushes;
            break;
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
          }
        }
      }
    } catch (error) {
      failure = error;
    }
    // After the commit: a client that fetches the bell on the push finds the rows.
    pushAll(hub, pushes);
    for (const [n, pending] of batch.entries()) {
      const outcome = outcomes[n];
      if (outcome instanceof Error) pending.reject(outcome);
      else if (outcome) pending.resolve(outcome);
      else pending.reject(failure ?? new Error('intake: measurement left without an answer'));
    }
  }

  return {
    submit(request) {
      if (closed) return Promise.reject(new HttpError(503, 'The server is shutting down. Please retry.'));
      return new Promise<IntakeAnswer>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        kick();
      });
    },
    async close() {
      closed = true;
      while (running) await running;
    },
  };
}

/**
 * The checks that need no transaction, for the whole batch in one query: the vendor key (401 missing, unknown,
 * revoked; 403 another organisation's device), the device (404), taken_at (400 in the future or too old) and the
 * vitals (400 naming values.<name>). Refused measurements get their outcome; the others are returned.
 */
async function check(
  db: Db,
  batch: readonly Pending[],
  now: Date,
  outcomes: (IntakeAnswer | Error | undefined)[],
): Promise<Checked[]> {
  const hashes = batch.map(({ request }) =>
    request.key && request.key.length >= DEVICE_KEY_MIN_LENGTH ? hashDeviceKey(request.key) : '',
  );
  const { rows } = await sql<{
    n: number;
    key_id: number | null;
    key_org: number | null;
    revoked_at: Date | null;
    inventory_id: number | null;
    device_type_id: number | null;
    device_org: number | null;
  }>`
    select q.n, k.key_id, k.organization_id as key_org, k.revoked_at, d.inventory_id, d.device_type_id,
      d.organization_id as device_org
    from unnest(${hashes}::text[], ${batch.map((p) => p.request.body.imei)}::text[]) with ordinality as q(hash, imei, n)
    left join device_vendor_keys k on k.key_hash = q.hash
    left join devices d on d.imei = q.imei
    order by q.n`.execute(db);
  const vitals = await db
    .selectFrom('vitals')
    .select(['vital_id', 'vital_type', 'unit', 'device_type_id'])
    .execute();
  const checked: Checked[] = [];
  for (const [index, { request }] of batch.entries()) {
    const row = rows[index];
    const fail = (error: HttpError) => {
      outcomes[index] = error;
    };
    if (!request.key) {
      fail(new HttpError(401, 'A device key is required in the x-device-key header.'));
      continue;
    }
    if (!row || row.key_id === null || row.revoked_at !== null) {
      fail(new HttpError(401, 'The device key is unknown or revoked.'));
      continue;
    }
    const { body } = request;
    if (row.inventory_id === null || row.device_type_id === null) {
      fail(new HttpError(404, `No device has the IMEI ${body.imei}.`, 'imei'));
      continue;
    }
    if (row.key_org !== null && row.device_org !== row.key_org) {
      fail(new HttpError(403, 'This device key may not post readings for this device.', 'imei'));
      continue;
    }
    const taken = new Date(body.taken_at);
    if (taken.getTime() > now.getTime() + INGEST_CLOCK_SKEW_MS) {
      fail(new HttpError(400, 'taken_at lies in the future.', 'taken_at'));
      continue;
    }
    if (taken < daysAgo(now, INGEST_MAX_AGE_DAYS)) {
      fail(new HttpError(400, `taken_at is more than ${INGEST_MAX_AGE_DAYS} days old.`, 'taken_at'));
      continue;
    }
    const mine = new Map(
      vitals.filter((v) => v.device_type_id === row.device_type_id).map((v) => [vitalKey(v.vital_type), v]),
    );
    const values: Checked['values'][number][] = [];
    let refused: HttpError | null = null;
    for (const [name, value] of Object.entries(body.values)) {
      const vital = mine.get(vitalKey(name));
      if (!vital) refused = new HttpError(400, `${name} is not measured by this device.`, `values.${name}`);
      else if (values.some((v) => v.vital_id === vital.vital_id))
        refused = new HttpError(400, `${name} is given twice.`, `values.${name}`);
      if (refused || !vital) break;
      values.push({ vital_id: vital.vital_id, vital_type: vital.vital_type, unit: vital.unit, value });
    }
    if (refused) {
      fail(refused);
      continue;
    }
    values.sort((a, b) => a.vital_id - b.vital_id);
    const impossible = (v: (typeof values)[number]) =>
      v.value === 0 && IMPOSSIBLE_AT_ZERO.has(vitalKey(v.vital_type));
    const deviceErrors = values.filter(impossible).map((v) => ({
      vital_type: v.vital_type,
      value: v.value,
      message: deviceErrorText(v.vital_type, v.value, v.unit),
    }));
    checked.push({
      index,
      keyId: row.key_id,
      inventoryId: row.inventory_id,
      deviceTypeId: row.device_type_id,
      takenAt: taken.toISOString(),
      day: isoDay(taken),
      payloadHash: createHash('sha256')
        .update(JSON.stringify(values.map((v) => [v.vital_id, v.value])))
        .digest('hex'),
      values: values.filter((v) => !impossible(v)),
      deviceErrors,
      ip: request.ip,
    });
  }
  // One lock order for every batch (device, then time), so batches of several replicas do not deadlock.
  return checked.sort((a, b) => a.inventoryId - b.inventoryId || a.takenAt.localeCompare(b.takenAt));
}

/** What one statement finds and records for each measurement. */
interface Placed {
  n: number;
  device_assign_id: number | null;
  patient_id: number | null;
  firstname: string | null;
  lastname: string | null;
  message_id: number | null;
  notification_rule_id: number | null;
  gain: number | null;
  loss: number | null;
  vitals: ({ vital_id: number } & Thresholds)[] | null;
}

/** Writes the checked measurements of a batch in one transaction; returns each one's outcome. */
async function write(
  trx: Transaction<Database>,
  items: readonly Checked[],
  now: Date,
): Promise<{ outcomes: Map<number, IntakeAnswer | Error>; pushes: PendingPush[] }> {
  const outcomes = new Map<number, IntakeAnswer | Error>();
  // Per measurement: the assignment in force when the device measured (a backlog uploaded after a device was
  // returned still belongs to the patient who had it then); the message recorded once per device and time (ON
  // CONFLICT DO NOTHING: no message_id means it was received before); the rule in force that day with its bounds.
  const { rows } = await sql<Placed>`
    with q as (
      select * from unnest(${items.map((_, n) => n)}::integer[], ${items.map((i) => i.inventoryId)}::integer[],
        ${items.map((i) => i.takenAt)}::timestamptz[], ${items.map((i) => i.keyId)}::integer[],
        ${items.map((i) => i.payloadHash)}::text[], ${items.map((i) => i.day)}::date[])
        as q(n, inventory_id, taken_at, key_id, payload_hash, day)
    ), a as (
      select distinct on (q.n) q.n, q.inventory_id, q.taken_at, q.key_id, q.payload_hash, q.day, a.device_assign_id,
        a.patient_id, p.firstname, p.lastname
      from q
      join device_assignments a on a.inventory_id = q.inventory_id and a.assigned_at <= q.taken_at
        and (a.unassigned_at is null or a.unassigned_at > q.taken_at)
      join patients p on p.patient_id = a.patient_id
      order by q.n, a.assigned_at desc
    ), m as (
      insert into reading_messages (inventory_id, taken_at, device_assign_id, key_id, payload_hash, received_at)
      select inventory_id, taken_at, device_assign_id, key_id, payload_hash, ${now.toISOString()}::timestamptz
      from a order by n
      on conflict (inventory_id, taken_at) do nothing
      returning message_id, inventory_id, taken_at
    ), r as (
      select distinct on (a.n) a.n, r.notification_rule_id, r.gain, r.loss,
        (select json_agg(json_build_object('vital_id', rv.vital_id, 'critical_low', rv.critical_low,
            'abnormal_low', rv.abnormal_low, 'abnormal_high', rv.abnormal_high, 'critical_high', rv.critical_high))
          from notification_rule_vitals rv where rv.notification_rule_id = r.notification_rule_id) as vitals
      from a join notification_rules r on r.device_assign_id = a.device_assign_id
      where r.status = 1 and r.start_date <= a.day and r.end_date >= a.day
      order by a.n, r.start_date desc
    )
    select q.n, a.device_assign_id, a.patient_id, a.firstname, a.lastname, m.message_id, r.notification_rule_id,
      r.gain, r.loss, r.vitals
    from q
    left join a on a.n = q.n
    left join m on m.inventory_id = q.inventory_id and m.taken_at = q.taken_at
    left join r on r.n = q.n
    order by q.n`.execute(trx);

  // New measurements: the first of the batch for its device and time with a message recorded now.
  const fresh: { item: Checked; at: Placed }[] = [];
  const again: { item: Checked; at: Placed }[] = [];
  const firstOf = new Set<string>();
  for (const [n, item] of items.entries()) {
    const at = rows[n];
    if (!at || at.device_assign_id === null || at.patient_id === null) {
      outcomes.set(
        item.index,
        new HttpError(409, 'The device was not assigned to a patient at taken_at.', 'taken_at'),
      );
      continue;
    }
    const key = `${item.inventoryId}|${item.takenAt}`;
    if (at.message_id !== null && !firstOf.has(key)) {
      firstOf.add(key);
      fresh.push({ item, at });
    } else again.push({ item, at });
  }

  const readingIds = await recordReadings(
    trx,
    fresh.flatMap(({ item, at }) =>
      item.values.map((v) => ({
        patient_id: at.patient_id as number,
        device_assign_id: at.device_assign_id as number,
        vital_id: v.vital_id,
        value: v.value,
        taken_at: item.takenAt,
      })),
    ),
  );

  const pushes: PendingPush[] = [];
  const auditRows = [];
  let next = 0;
  for (const { item, at } of fresh) {
    const ids = readingIds.slice(next, next + item.values.length);
    next += item.values.length;
    const patientId = at.patient_id as number;
    let alerts: RaisedAlert[] = [];
    if (at.notification_rule_id !== null) {
      const measured: MeasuredValue[] = item.values.map((v, n) => ({ ...v, reading_id: ids[n] as number }));
      const weight = measured.find((v) => vitalKey(v.vital_type) === 'weight');
      const baseline = weight
        ? await weightBaseline(trx, patientId, weight.vital_id, new Date(item.takenAt))
        : null;
      const findings = evaluateMeasurement(
        measured,
        {
          vitals: new Map((at.vitals ?? []).map(({ vital_id, ...bounds }) => [vital_id, bounds])),
          gain: at.gain,
          loss: at.loss,
        },
        baseline,
      );
      const raised = await recordAlerts(
        trx,
        {
          patientId,
          patientName: `${at.firstname ?? ''} ${at.lastname ?? ''}`.trim(),
          deviceTypeId: item.deviceTypeId,
          ruleId: at.notification_rule_id,
          takenAt: new Date(item.takenAt),
          now,
        },
        findings,
      );
      alerts = raised.alerts;
      pushes.push(...raised.pushes);
    }
    auditRows.push({
      at: now,
      user_id: null,
      acting_user_id: null,
      action: 'ingest_reading',
      entity: 'device',
      entity_id: String(item.inventoryId),
      ip: item.ip,
      detail: JSON.stringify({
        key_id: item.keyId,
        message_id: at.message_id,
        patient_id: patientId,
        readings: ids,
        alerts: alerts.map((a) => a.alert_id),
      }),
    });
    const deviceTaskId =
      item.deviceErrors.length > 0
        ? await openDeviceTask(trx, { patientId, item, messageId: at.message_id as number, now })
        : null;
    outcomes.set(item.index, {
      reading_ids: ids,
      duplicate: false,
      alerts,
      device_errors: [...item.deviceErrors],
      device_task_id: deviceTaskId,
    });
  }
  // Every stored measurement's audit row (audit.ts's columns), in the same transaction.
  if (auditRows.length > 0) await trx.insertInto('audit_log').values(auditRows).execute();

  for (const { item, at } of again)
    outcomes.set(item.index, await duplicate(trx, item, at.device_assign_id as number));
  return { outcomes, pushes };
}

/**
 * The answer to a measurement received before (or earlier in the same batch): the readings and alerts of the
 * first delivery, nothing stored. Other values for the same device and time are a conflict, not a retry (409).
 */
async function duplicate(trx: Db, item: Checked, deviceAssignId: number): Promise<IntakeAnswer | HttpError> {
  const takenAt = new Date(item.takenAt);
  const first = await trx
    .selectFrom('reading_messages')
    .select(['payload_hash', 'device_task_id'])
    .where('inventory_id', '=', item.inventoryId)
    .where('taken_at', '=', takenAt)
    .executeTakeFirstOrThrow();
  if (first.payload_hash !== item.payloadHash)
    return new HttpError(
      409,
      'A measurement of this device at this time was already received with other values.',
      'taken_at',
    );
  // The device's readings at that time are the first delivery's (one message per device and time).
  const readings = await trx
    .selectFrom('readings')
    .select('reading_id')
    .where('device_assign_id', '=', deviceAssignId)
    .where('taken_at', '=', takenAt)
    .orderBy('vital_id')
    .execute();
  const ids = readings.map((r) => r.reading_id);
  const alerts =
    ids.length === 0
      ? []
      : await trx
          .selectFrom('alerts')
          .innerJoin('vitals', 'vitals.vital_id', 'alerts.vital_id')
          .select([
            'alerts.alert_id',
            'alerts.reading_id',
            'vitals.vital_type',
            'alerts.level',
            'alerts.direction',
          ])
          .where('alerts.reading_id', 'in', ids)
          .orderBy('alerts.reading_id')
          .execute();
  return {
    reading_ids: ids,
    duplicate: true,
    alerts,
    device_errors: [...item.deviceErrors],
    device_task_id: first.device_task_id,
  };
}

/**
 * Opens a task about a device error for the patient's care team (issue 11 #8): the care coordinator first, then
 * the practice's clinical staff, then the physician; none, no task. Kept on the message for retries.
 */
async function openDeviceTask(
  trx: Transaction<Database>,
  at: { patientId: number; item: Checked; messageId: number; now: Date },
): Promise<number | null> {
  const team = await careTeam(trx, at.patientId);
  const byRole = (role: string) => team.find((member) => member.role === role);
  const assignee = byRole('care_coordinator') ?? byRole('clinical_staff') ?? byRole('physician');
  if (!assignee) return null;
  const what = at.item.deviceErrors.map((e) => `${e.vital_type} ${e.value}`).join(', ');
  const task = await trx
    .insertInto('tasks')
    .values({
      assigned_to: assignee.user_id,
      patient_id: at.patientId,
      title: 'Check the device: impossible reading',
      description: `The device (inventory ${at.item.inventoryId}) sent ${what} at ${at.item.takenAt}; no person can have that value, so it was not stored. Check the device and how the patient uses it.`,
      due_at: at.now,
      created_by: assignee.user_id,
      created_at: at.now,
    })
    .returning('task_id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('reading_messages')
    .set({ device_task_id: task.task_id })
    .where('message_id', '=', at.messageId)
    .execute();
  return task.task_id;
}
