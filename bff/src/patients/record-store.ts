// Over 300 lines: a record's checks and the set-based insert that registration and the bulk upload share.
import {
  dobInRange,
  type EnrolmentProgram,
  isoDay,
  type NewPatient,
  type PatientRecord,
  POSSIBLE_DUPLICATE,
} from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, auditAll } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import type { PatientScope } from '../scope.js';
import { findDuplicates } from './duplicate-store.js';

/**
 * Patients taken in (decisions.md "Patient registration"): the checks a record needs beyond its schema, and the
 * set-based insert registration and the bulk upload share.
 */

/** A problem of one record, named by its field. */
export interface RecordProblem {
  readonly field: string;
  readonly message: string;
}

/** The text of a practice the user does not belong to (answered as an unknown one). */
const unknownPractice = (id: number) => `Practice ${id} does not exist.`;

/** Staff a patient may be given: physicians (role 6) and care coordinators (role 9) of the practice. */
export const PHYSICIAN_ROLE = 6;
export const COORDINATOR_ROLE = 9;

/** The fields the reference checks read; a new patient adds its practice, an edit takes the patient's. */
type Checked = Pick<
  PatientRecord,
  'dob' | 'location_id' | 'physician_id' | 'care_coordinator_id' | 'language_id' | 'insurance_plan_id'
> & { readonly practice_id: number };

/**
 * What each record names that must exist and be the user's (practice, location, physician, coordinator, language,
 * active plan) and its date of birth's range (001 §5); one query per kind, problems by record index.
 */
export async function recordProblems(
  db: Db | Transaction<Database>,
  scope: PatientScope,
  records: readonly Checked[],
  today: string,
): Promise<Map<number, RecordProblem[]>> {
  const ids = (pick: (r: Checked) => number | null) => [
    0,
    ...new Set(records.map(pick).filter((id): id is number => id !== null)),
  ];
  const [locations, staff, languages, plans, practices] = await Promise.all([
    db
      .selectFrom('locations as l')
      .select(['l.location_id', 'l.practice_id'])
      .select(
        sql<boolean>`${scope.all} or exists (select 1 from user_practices up where up.user_id = ${scope.userId}
          and up.practice_id = l.practice_id and (up.location_id is null or up.location_id = l.location_id))`.as(
          'mine',
        ),
      )
      .where(
        'l.location_id',
        'in',
        ids((r) => r.location_id),
      )
      .execute(),
    db
      .selectFrom('users as u')
      .innerJoin('user_roles as r', 'r.user_id', 'u.user_id')
      .innerJoin('user_practices as up', 'up.user_id', 'u.user_id')
      .select(['u.user_id', 'r.role_id', 'up.practice_id'])
      .distinct()
      .where('u.active', '=', true)
      .where('r.role_id', 'in', [PHYSICIAN_ROLE, COORDINATOR_ROLE])
      .where('u.user_id', 'in', [...ids((r) => r.physician_id), ...ids((r) => r.care_coordinator_id)])
      .execute(),
    db
      .selectFrom('languages')
      .select('language_id')
      .where(
        'language_id',
        'in',
        ids((r) => r.language_id),
      )
      .execute(),
    db
      .selectFrom('insurance_plans')
      .select('plan_id')
      .where('active', '=', true)
      .where(
        'plan_id',
        'in',
        ids((r) => r.insurance_plan_id),
      )
      .execute(),
    db
      .selectFrom('practices')
      .select('practice_id')
      .where(
        'practice_id',
        'in',
        ids((r) => r.practice_id),
      )
      .execute(),
  ]);
  const locationOf = new Map(locations.map((l) => [l.location_id, l]));
  const staffKey = (user: number, role: number, practice: number) => `${user}:${role}:${practice}`;
  const staffSet = new Set(staff.map((s) => staffKey(s.user_id, s.role_id, s.practice_id)));
  const languageSet = new Set(languages.map((l) => l.language_id));
  const planSet = new Set(plans.map((p) => p.plan_id));
  const practiceSet = new Set(practices.map((p) => p.practice_id));

  const problems = new Map<number, RecordProblem[]>();
  records.forEach((r, index) => {
    const found: RecordProblem[] = [];
    const add = (field: string, message: string) => found.push({ field, message });
    if (!practiceSet.has(r.practice_id) || !scope.hasPractice(r.practice_id))
      add('practice_id', unknownPractice(r.practice_id));
    const location = locationOf.get(r.location_id);
    if (!location || location.practice_id !== r.practice_id || !location.mine)
      add('location_id', 'Choose a location of the practice.');
    if (r.physician_id !== null && !staffSet.has(staffKey(r.physician_id, PHYSICIAN_ROLE, r.practice_id)))
      add('physician_id', 'Choose a physician of the practice.');
    if (
      r.care_coordinator_id !== null &&
      !staffSet.has(staffKey(r.care_coordinator_id, COORDINATOR_ROLE, r.practice_id))
    )
      add('care_coordinator_id', 'Choose a care coordinator of the practice.');
    if (!languageSet.has(r.language_id)) add('language_id', 'Choose a language.');
    if (r.insurance_plan_id !== null && !planSet.has(r.insurance_plan_id))
      add('insurance_plan_id', 'Choose an active insurance plan.');
    if (!dobInRange(r.dob, today)) add('dob', 'Enter a date of birth as MM/DD/YYYY, not in the future');
    if (found.length > 0) problems.set(index, found);
  });
  return problems;
}

/** The first problem of a single record as the domain error its call answers. */
export function throwFirst(problems: readonly RecordProblem[] | undefined): void {
  const first = problems?.[0];
  if (!first) return;
  if (first.field === 'practice_id') throw notFound(first.message, first.field);
  throw invalid(first.message, first.field);
}

/** Lower-case MRN keyed by practice: how uniqueness is judged (migration 0033 patients_practice_mrn_key). */
export const mrnKey = (practiceId: number, mrn: string) => `${practiceId}:${mrn.toLowerCase()}`;

/** Which of these (practice, MRN) pairs are taken already, as {@link mrnKey}s with the patient holding each. */
export async function takenMrns(
  db: Db | Transaction<Database>,
  pairs: readonly { practice_id: number; mrn: string }[],
): Promise<Map<string, number>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .selectFrom('patients')
    .select(['patient_id', 'practice_id', 'mrn'])
    .where(
      sql<boolean>`(practice_id, lower(mrn)) in (${sql.join(
        pairs.map((p) => sql`(${p.practice_id}::integer, ${p.mrn.toLowerCase()}::text)`),
      )})`,
    )
    .execute();
  return new Map(rows.map((row) => [mrnKey(row.practice_id, row.mrn ?? ''), row.patient_id]));
}

export const mrnTaken = (mrn: string) => `MRN ${mrn} is already used in this practice.`;

/** A new patient with the organisation of its practice. */
export type PlacedPatient = NewPatient & { readonly organization_id: number };

/** The organisation of each practice. */
export async function organizationsOf(
  db: Db | Transaction<Database>,
  practiceIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('practices')
    .select(['practice_id', 'organization_id'])
    .where('practice_id', 'in', [0, ...practiceIds])
    .execute();
  return new Map(rows.map((row) => [row.practice_id, row.organization_id]));
}

/** Rows a statement inserts at most (a patient row has some 25 parameters; PostgreSQL allows 65,535). */
const INSERT_CHUNK = 1000;

/**
 * Inserts checked patients with first statuses, diagnoses and an audit row each, a few statements per thousand;
 * answers the ids in order. The MRN's unique index refuses a race.
 */
export async function insertPatients(
  trx: Transaction<Database>,
  actor: AuditActor,
  records: readonly PlacedPatient[],
  action = 'register_patient',
  detail: Record<string, unknown> = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < records.length; start += INSERT_CHUNK) {
    const chunk = records.slice(start, start + INSERT_CHUNK);
    const inserted = await trx
      .insertInto('patients')
      .values(
        chunk.map((r) => ({
          organization_id: r.organization_id,
          practice_id: r.practice_id,
          location_id: r.location_id,
          firstname: r.firstname,
          lastname: r.lastname,
          dob: r.dob,
          gender: r.gender,
          mobile: r.mobile,
          phone: r.phone,
          email: r.email,
          address_line1: r.address_line1,
          address_line2: r.address_line2,
          city: r.city,
          state: r.state,
          zip: r.zip,
          language_id: r.language_id,
          mrn: r.mrn,
          insurance_plan_id: r.insurance_plan_id,
          insurance_member_id: r.insurance_member_id,
          diagnosis_code: r.diagnosis_codes[0] ?? null,
          physician_id: r.physician_id,
          care_coordinator_id: r.care_coordinator_id,
          rpm_status: r.programs.RPM,
          ccm_status: r.programs.CCM,
          bhi_status: r.programs.BHI,
          pcm_status: r.programs.PCM,
          rtm_status: r.programs.RTM,
          created_at: actor.at,
        })),
      )
      .returning(['patient_id', 'practice_id', 'mrn'])
      .execute();
    // Matched by (practice, MRN), unique in the statement's rows, rather than trusting RETURNING's order.
    const idOf = new Map(inserted.map((row) => [mrnKey(row.practice_id, row.mrn ?? ''), row.patient_id]));
    const chunkIds = chunk.map((r) => idOf.get(mrnKey(r.practice_id, r.mrn)) as number);
    ids.push(...chunkIds);

    const statuses = chunk.flatMap((r, i) =>
      (Object.entries(r.programs) as [EnrolmentProgram, number | null][])
        .filter(([, status]) => status !== null)
        .map(([program, status]) => ({
          patient_id: chunkIds[i] as number,
          program,
          from_status: null,
          to_status: status as number,
          details: null,
          changed_by: actor.userId,
          acting_user_id: actor.actingUserId ?? null,
          changed_at: actor.at,
        })),
    );
    if (statuses.length > 0) await trx.insertInto('patient_status_changes').values(statuses).execute();
    const diagnoses = chunk.flatMap((r, i) =>
      r.diagnosis_codes.map((code, n) => ({
        patient_id: chunkIds[i] as number,
        icd10_code: code,
        description: 'Recorded at registration',
        is_primary: n === 0,
        added_by: actor.userId,
        created_at: actor.at,
        updated_at: actor.at,
      })),
    );
    await trx.insertInto('patient_diagnoses').values(diagnoses).execute();
    await auditAll(
      trx,
      chunk.map((r, i) => ({
        ...actor,
        action,
        entity: 'patient',
        entityId: chunkIds[i] as number,
        detail: { ...detail, practice_id: r.practice_id, mrn: r.mrn, programs: r.programs },
      })),
    );
  }
  return ids;
}

/** Registers one patient: checks, the MRN, unconfirmed duplicates (409), then the insert. Returns its id. */
export async function registerPatient(
  trx: Transaction<Database>,
  actor: AuditActor,
  scope: PatientScope,
  record: NewPatient,
  confirmDuplicates: boolean,
): Promise<number> {
  const today = isoDay(actor.at);
  throwFirst((await recordProblems(trx, scope, [record], today)).get(0));
  const organizationId = (await organizationsOf(trx, [record.practice_id])).get(record.practice_id) as number;
  // Serialise registrations in the practice, so two saves of one MRN cannot both pass the check below.
  await lockMrnWrites(trx, false);
  await sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK}, ${record.practice_id})`.execute(trx);
  if ((await takenMrns(trx, [record])).size > 0) throw conflict(mrnTaken(record.mrn), 'mrn');
  if (!confirmDuplicates) {
    const found = await findDuplicates(trx, scope, { ...record, organizationId });
    if (found.candidates.length + found.outside_scope > 0)
      throw conflict(POSSIBLE_DUPLICATE, 'confirm_duplicates');
  }
  const [id] = await insertPatients(trx, actor, [{ ...record, organization_id: organizationId }]);
  return id as number;
}

/** The advisory-lock class of registrations (the second key is the practice). */
const REGISTRATION_LOCK = 38_001;
/** The advisory lock of writes by MRN: registrations share it, an upload's commit holds it alone. */
const MRN_WRITES_LOCK = 38_002;

/**
 * Waits until no write by MRN of the other sort runs: registrations share the lock, a bulk upload's commit holds it
 * alone (decisions.md "CSV uploads").
 */
export async function lockMrnWrites(trx: Transaction<Database>, alone: boolean): Promise<void> {
  if (alone) await sql`select pg_advisory_xact_lock(${MRN_WRITES_LOCK}, 0)`.execute(trx);
  else await sql`select pg_advisory_xact_lock_shared(${MRN_WRITES_LOCK}, 0)`.execute(trx);
}
