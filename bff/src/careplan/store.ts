import {
  CARE_PLAN_REVIEW_MONTHS,
  type CallQuery,
  type CarePlanContent,
  carePlanContent,
  type getCarePlanVersions,
  hasRole,
  isoDay,
  shiftMonths,
} from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';

/** The CCM care plan of the chart's Care Plan tab: versions, defaults, signature. */

/** Versions with their author's and signer's names. */
const versionQuery = (db: Db) =>
  db
    .selectFrom('care_plan_versions as v')
    .innerJoin('users as a', 'a.user_id', 'v.author_id')
    .leftJoin('users as s', 's.user_id', 'v.signed_by')
    .select([
      'v.version',
      'v.plan',
      'v.created_at',
      'v.signed_at',
      'a.firstname as author_first',
      'a.lastname as author_last',
      's.firstname as signer_first',
      's.lastname as signer_last',
    ]);

type VersionRow = Awaited<ReturnType<ReturnType<typeof versionQuery>['executeTakeFirstOrThrow']>>;

const versionInfo = (v: Omit<VersionRow, 'plan'>) => ({
  version: v.version,
  author_name: fullName(v.author_first, v.author_last),
  created_at: v.created_at.toISOString(),
  signed_by_name: v.signed_at ? fullName(v.signer_first, v.signer_last) : null,
  signed_at: v.signed_at?.toISOString() ?? null,
});

const versionDto = (v: VersionRow) => ({ ...versionInfo(v), plan: carePlanContent.parse(v.plan) });

const versionOf = (db: Db, patientId: number, version: number) =>
  versionQuery(db).where('v.patient_id', '=', patientId).where('v.version', '=', version).executeTakeFirst();

/** The newest version number and the newest signed one (the plan in force: decisions.md "Care plan in force"). */
async function versionNumbers(db: Db, patientId: number) {
  const row = await db
    .selectFrom('care_plan_versions')
    .select((eb) => [
      eb.fn.max('version').as('latest'),
      sql<number | null>`max(version) filter (where signed_at is not null)`.as('in_force'),
    ])
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return { latest: row.latest ?? null, inForce: row.in_force ?? null };
}

/**
 * The CCM Care Plan Defaults (000 §2.4) of the patient's organisation, else the product's, with a review date
 * CARE_PLAN_REVIEW_MONTHS after today (decisions.md "Care plan review date").
 */
async function defaultsFor(db: Db, patientId: number, today: string): Promise<CarePlanContent> {
  const row = await db
    .selectFrom('care_plan_defaults as d')
    .innerJoin('patients as p', (join) =>
      join.on((eb) =>
        eb.or([
          eb('d.organization_id', 'is', null),
          eb('d.organization_id', '=', eb.ref('p.organization_id')),
        ]),
      ),
    )
    .select('d.plan')
    .where('p.patient_id', '=', patientId)
    .orderBy(sql`d.organization_id is null`)
    .executeTakeFirstOrThrow();
  return carePlanContent.parse({
    ...(row.plan as object),
    review_date: shiftMonths(today, CARE_PLAN_REVIEW_MONTHS),
  });
}

/**
 * Who may sign (decisions.md "Care plan signer"): a physician (role 6) who may read the patient; when the patient
 * names a physician of record, only that physician.
 */
async function signRefusal(db: Db, patientId: number, user: { userId: number; roleid: readonly number[] }) {
  if (!hasRole(user.roleid, 6)) return 'Only a physician may sign the care plan.';
  const p = await db
    .selectFrom('patients')
    .select('physician_id')
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  if (p.physician_id !== null && p.physician_id !== user.userId)
    return "Only the patient's physician may sign the care plan.";
  return null;
}

/** What the Care Plan tab shows: a version (the newest unless asked), the version in force, the defaults. */
export async function carePlan(
  db: Db,
  patientId: number,
  version: number | undefined,
  user: { userId: number; roleid: readonly number[] },
  now: Date,
) {
  const numbers = await versionNumbers(db, patientId);
  const wanted = version ?? numbers.latest;
  const row = wanted === null ? undefined : await versionOf(db, patientId, wanted);
  if (version !== undefined && !row)
    throw notFound(`Care plan version ${version} does not exist.`, 'version');
  return {
    plan: row ? versionDto(row) : null,
    in_force_version: numbers.inForce,
    latest_version: numbers.latest,
    defaults: await defaultsFor(db, patientId, isoDay(now)),
    can_sign: (await signRefusal(db, patientId, user)) === null,
  };
}

/** A page of the versions, newest first, and how many there are. */
export async function carePlanVersions(db: Db, query: CallQuery<typeof getCarePlanVersions>) {
  const count = await db
    .selectFrom('care_plan_versions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', query.patient_id)
    .executeTakeFirstOrThrow();
  const rows = await versionQuery(db)
    .where('v.patient_id', '=', query.patient_id)
    .orderBy('v.version', 'desc')
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .execute();
  return { count: Number(count.n), data: rows.map(versionInfo) };
}

/** Writes the audit row of a change to a version and answers the version as it now is. */
async function auditedVersion(
  trx: Transaction<Database>,
  actor: AuditActor,
  action: 'save_care_plan' | 'sign_care_plan',
  patientId: number,
  version: number,
) {
  await audit(trx, {
    ...actor,
    action,
    entity: 'care_plan',
    entityId: patientId,
    detail: { patient_id: patientId, version },
  });
  return versionDto((await versionOf(trx, patientId, version)) as VersionRow);
}

/** Locks the patient's row so two writes to the plan cannot interleave (version numbers, signature). */
const lockPatient = (trx: Transaction<Database>, patientId: number) =>
  trx.selectFrom('patients').select('patient_id').where('patient_id', '=', patientId).forUpdate().execute();

/**
 * Saves the plan as the next version with its audit row in the caller's transaction, the patient's row locked first;
 * a base other than the newest answers 409 (decisions.md "Care plan versions").
 */
export async function saveCarePlanVersion(
  trx: Transaction<Database>,
  actor: AuditActor,
  patientId: number,
  baseVersion: number | null,
  plan: CarePlanContent,
) {
  await lockPatient(trx, patientId);
  const { latest } = await versionNumbers(trx, patientId);
  if (baseVersion !== latest)
    throw conflict(
      latest === null
        ? 'The care plan has no version yet; start from the defaults.'
        : `The care plan was changed meanwhile (version ${latest}); reload it and apply your changes again.`,
      'base_version',
    );
  const version = (latest ?? 0) + 1;
  await trx
    .insertInto('care_plan_versions')
    .values({
      patient_id: patientId,
      version,
      plan: JSON.stringify(plan),
      author_id: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
      created_at: actor.at,
    })
    .execute();
  return auditedVersion(trx, actor, 'save_care_plan', patientId, version);
}

/** Signs the newest version as the billing practitioner, with its audit row, in the caller's transaction. */
export async function signCarePlanVersion(
  trx: Transaction<Database>,
  actor: AuditActor,
  user: { userId: number; roleid: readonly number[] },
  patientId: number,
  version: number,
) {
  const refusal = await signRefusal(trx, patientId, user);
  if (refusal) throw forbidden(refusal, 'version');
  await lockPatient(trx, patientId);
  const row = await versionOf(trx, patientId, version);
  if (!row) throw notFound(`Care plan version ${version} does not exist.`, 'version');
  if (row.signed_at) throw conflict(`Version ${version} is already signed.`, 'version');
  const { latest } = await versionNumbers(trx, patientId);
  if (latest !== version)
    throw conflict(`Version ${version} is not the newest (${latest}); sign the newest version.`, 'version');
  await trx
    .updateTable('care_plan_versions')
    .set({ signed_by: actor.userId, signed_at: actor.at })
    .where('patient_id', '=', patientId)
    .where('version', '=', version)
    .execute();
  return auditedVersion(trx, actor, 'sign_care_plan', patientId, version);
}
