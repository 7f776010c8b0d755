import type { InterpretationTexts, SleepTestDetail } from '@rpm/shared';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import type { ListViewer } from '../lists/source.js';
import { assertLease } from './lock-store.js';
import { studyRowOf } from './study-list-store.js';

/**
 * A sleep test's interpretation: read by anyone who may see the study, written only under the caller's lease
 * (lock-store.ts assertLease); awaiting_interpretation → interpreted → co_read.
 */

const unknownStudy = (studyId: number) => notFound(`Sleep test ${studyId} does not exist.`, 'test_id');

/** The study with its interpretation, its kind's templates and its lock holder; 404 outside the viewer's scope. */
export async function sleepTestDetail(db: Db, viewer: ListViewer, studyId: number): Promise<SleepTestDetail> {
  const row = await studyRowOf(db, viewer, studyId);
  if (!row) throw unknownStudy(studyId);
  const study = await db
    .selectFrom('sleep_studies')
    .select(['kind', 'status', 'needs_co_read'])
    .where('study_id', '=', studyId)
    .executeTakeFirstOrThrow();
  const si = await db
    .selectFrom('sleep_interpretations as si')
    .innerJoin('users as ub', 'ub.user_id', 'si.updated_by')
    .leftJoin('users as sb', 'sb.user_id', 'si.signed_by')
    .leftJoin('users as cr', 'cr.user_id', 'si.co_reader_id')
    .select([
      'si.template_id',
      'si.findings',
      'si.impression',
      'si.recommendations',
      'si.updated_at',
      'si.signed_by',
      'si.signed_at',
      'si.co_reader_id',
      'si.co_signed_at',
      'ub.firstname as ub_first',
      'ub.lastname as ub_last',
      'sb.firstname as sb_first',
      'sb.lastname as sb_last',
      'cr.firstname as cr_first',
      'cr.lastname as cr_last',
    ])
    .where('si.study_id', '=', studyId)
    .executeTakeFirst();
  const templates = await db
    .selectFrom('interpretation_templates')
    .select(['template_id', 'name', 'findings', 'impression', 'recommendations'])
    .where('kind', '=', study.kind)
    .where('active', '=', true)
    .where((eb) =>
      eb.or([
        eb('organization_id', 'is', null),
        eb(
          'organization_id',
          'in',
          eb
            .selectFrom('sleep_studies as s')
            .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
            .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
            .select('pr.organization_id')
            .where('s.study_id', '=', studyId),
        ),
      ]),
    )
    .orderBy('name')
    .orderBy('template_id')
    .execute();
  const lock = await db
    .selectFrom('sleep_study_locks as l')
    .innerJoin('users as u', 'u.user_id', 'l.user_id')
    .select(['l.user_id', 'l.taken_at', 'u.firstname', 'u.lastname'])
    .where('l.study_id', '=', studyId)
    .where('l.expires_at', '>', viewer.now)
    .executeTakeFirst();
  return {
    study: { ...row, kind_code: study.kind, status_code: study.status, needs_co_read: study.needs_co_read },
    interpretation: si
      ? {
          template_id: si.template_id,
          findings: si.findings,
          impression: si.impression,
          recommendations: si.recommendations,
          updated_by: fullName(si.ub_first, si.ub_last),
          updated_at: si.updated_at.toISOString(),
          signed_by:
            si.signed_by === null ? null : { user_id: si.signed_by, name: fullName(si.sb_first, si.sb_last) },
          signed_at: si.signed_at?.toISOString() ?? null,
          co_reader:
            si.co_reader_id === null
              ? null
              : { user_id: si.co_reader_id, name: fullName(si.cr_first, si.cr_last) },
          co_signed_at: si.co_signed_at?.toISOString() ?? null,
        }
      : null,
    templates,
    lock: lock
      ? {
          user_id: lock.user_id,
          name: fullName(lock.firstname, lock.lastname),
          since: lock.taken_at.toISOString(),
        }
      : null,
  };
}

/** What a write names: the study, the caller's lease token. */
export interface Fenced {
  readonly test_id: number;
  readonly token: number;
}

/** A draft or a signature: the texts and the template they started from. */
export type InterpretationInput = Fenced &
  InterpretationTexts & { readonly template_id?: number | null | undefined };

type StudyState = { readonly status: string; readonly needs_co_read: boolean };

/** One fenced write in one transaction: the lease checked, the study's row locked, `run`, and the audit row. */
function fencedWrite(
  db: Db,
  actor: AuditActor,
  input: Fenced,
  action: string,
  run: (trx: Db, study: StudyState) => Promise<void>,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await assertLease(trx, actor.userId, input.test_id, input.token, actor.at);
    const study = await trx
      .selectFrom('sleep_studies')
      .select(['status', 'needs_co_read'])
      .where('study_id', '=', input.test_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await run(trx, study);
    await audit(trx, {
      ...actor,
      action,
      entity: 'sleep_study',
      entityId: input.test_id,
      detail: { token: input.token },
    });
  });
}

async function writeTexts(trx: Db, actor: AuditActor, input: InterpretationInput, signed: boolean) {
  const texts = {
    findings: input.findings,
    impression: input.impression,
    recommendations: input.recommendations,
    updated_by: actor.userId,
    updated_at: actor.at,
    ...(input.template_id !== undefined ? { template_id: input.template_id } : {}),
    ...(signed ? { signed_by: actor.userId, signed_at: actor.at } : {}),
  };
  await trx
    .insertInto('sleep_interpretations')
    .values({ study_id: input.test_id, ...texts })
    .onConflict((oc) => oc.column('study_id').doUpdateSet(texts))
    .execute();
}

/** Saves the draft of an unsigned interpretation under the caller's lease. */
export const saveInterpretation = (db: Db, actor: AuditActor, input: InterpretationInput) =>
  fencedWrite(db, actor, input, 'save_sleep_interpretation', async (trx, study) => {
    if (study.status !== 'awaiting_interpretation')
      throw conflict('Only a sleep test awaiting interpretation can be drafted.', 'test_id');
    await writeTexts(trx, actor, input, false);
  });

/** Signs as the reading physician, who becomes the study's reader (decisions.md "Sleep interpretation signing"). */
export const signInterpretation = (db: Db, actor: AuditActor, input: InterpretationInput) =>
  fencedWrite(db, actor, input, 'sign_sleep_interpretation', async (trx, study) => {
    if (study.status !== 'awaiting_interpretation')
      throw conflict('This sleep test is not awaiting interpretation.', 'test_id');
    if (input.impression.trim() === '') throw invalid('An impression is required to sign.', 'impression');
    await writeTexts(trx, actor, input, true);
    await trx
      .updateTable('sleep_studies')
      .set({ status: 'interpreted', reader_id: actor.userId })
      .where('study_id', '=', input.test_id)
      .execute();
  });

/** A second reader co-signs a signed interpretation that needs a co-read. */
export const coSignInterpretation = (db: Db, actor: AuditActor, input: Fenced) =>
  fencedWrite(db, actor, input, 'co_sign_sleep_interpretation', async (trx, study) => {
    if (study.status !== 'interpreted' || !study.needs_co_read)
      throw conflict('This sleep test is not awaiting a co-read.', 'test_id');
    const si = await trx
      .selectFrom('sleep_interpretations')
      .select('signed_by')
      .where('study_id', '=', input.test_id)
      .executeTakeFirstOrThrow();
    if (si.signed_by === actor.userId)
      throw conflict('A co-read needs a second reader: you signed this interpretation.', 'test_id');
    await trx
      .updateTable('sleep_interpretations')
      .set({ co_reader_id: actor.userId, co_signed_at: actor.at })
      .where('study_id', '=', input.test_id)
      .execute();
    await trx
      .updateTable('sleep_studies')
      .set({ status: 'co_read' })
      .where('study_id', '=', input.test_id)
      .execute();
  });
