import {
  type CallBody,
  carePlanContent,
  daysAgo,
  GOAL_PROGRESS_DAYS,
  type goalFields,
  isoDay,
  type PatientGoal,
  type updatePatientGoal,
} from '@rpm/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { type AuditActor, audit } from '../audit.js';
import { auditedUpdate, scopedRecord } from '../chart/scoped-record.js';
import type { Database, Db, PatientGoalsTable } from '../db/schema.js';
import { invalid } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';

/** The patient goals of the chart's Goals tab (decisions.md "Goals"). */

type GoalFields = z.infer<typeof goalFields>;

/** Goals with their vital, author and, for clinical goals, the readings since `since` (decisions.md "Goal progress"). */
const goalQuery = (db: Db, since: Date) =>
  db
    .selectFrom('patient_goals as g')
    .innerJoin('users as u', 'u.user_id', 'g.author_id')
    .leftJoin('vitals as v', 'v.vital_id', 'g.vital_id')
    .selectAll('g')
    .select(['v.vital_type', 'v.unit', 'u.firstname', 'u.lastname'])
    .select(() => {
      const recent = sql`from readings r where r.patient_id = g.patient_id and r.vital_id = g.vital_id
        and r.taken_at >= ${since}`;
      const inRange = sql`(g.target_low is null or r.value >= g.target_low)
        and (g.target_high is null or r.value <= g.target_high)`;
      return [
        sql<number>`(select count(*)::integer ${recent})`.as('readings'),
        sql<number>`(select count(*)::integer ${recent} and ${inRange})`.as('in_range'),
        sql<number | null>`(select r.value ${recent} order by r.taken_at desc limit 1)`.as('latest_value'),
        sql<Date | null>`(select r.taken_at ${recent} order by r.taken_at desc limit 1)`.as('latest_at'),
      ];
    });

type GoalRow = Awaited<ReturnType<ReturnType<typeof goalQuery>['executeTakeFirstOrThrow']>>;

const goalDto = (g: GoalRow): PatientGoal => ({
  goal_id: g.goal_id,
  kind: g.kind,
  title: g.title,
  vital_id: g.vital_id,
  vital_type: g.vital_type,
  unit: g.unit,
  target_low: g.target_low === null ? null : Number(g.target_low),
  target_high: g.target_high === null ? null : Number(g.target_high),
  problem_icd10: g.problem_icd10,
  target_date: g.target_date ? isoDay(g.target_date) : null,
  status: g.status,
  author_name: fullName(g.firstname, g.lastname),
  updated_at: g.updated_at.toISOString(),
  progress:
    g.kind === 'clinical'
      ? {
          readings: g.readings,
          in_range: g.in_range,
          latest_value: g.latest_value === null ? null : Number(g.latest_value),
          latest_at: g.latest_at ? new Date(g.latest_at).toISOString() : null,
        }
      : null,
});

const since = (now: Date) => daysAgo(now, GOAL_PROGRESS_DAYS);

/** The patient's goals: active first, then achieved, then stopped; newest first within each. */
export async function patientGoals(db: Db, patientId: number, now: Date): Promise<PatientGoal[]> {
  const rows = await goalQuery(db, since(now))
    .where('g.patient_id', '=', patientId)
    .orderBy(sql`case g.status when 'active' then 0 when 'achieved' then 1 else 2 end`)
    .orderBy('g.goal_id', 'desc')
    .execute();
  return rows.map(goalDto);
}

/** A goal's problem must be a problem of the newest care plan version (the plan the team works on). */
async function checkProblem(db: Db, patientId: number, icd10: string | null): Promise<void> {
  if (icd10 === null) return;
  const row = await db
    .selectFrom('care_plan_versions')
    .select('plan')
    .where('patient_id', '=', patientId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  const problems = row ? carePlanContent.parse(row.plan).problems : [];
  if (!problems.some((p) => p.icd10 === icd10))
    throw invalid(`${icd10} is not a problem of the patient's care plan.`, 'goal.problem_icd10');
}

const columns = (goal: GoalFields) => ({
  kind: goal.kind,
  title: goal.title.trim(),
  vital_id: goal.vital_id,
  target_low: goal.target_low,
  target_high: goal.target_high,
  problem_icd10: goal.problem_icd10,
  target_date: goal.target_date,
});

const goalById = async (db: Db, goalId: number, now: Date) =>
  goalDto(await goalQuery(db, since(now)).where('g.goal_id', '=', goalId).executeTakeFirstOrThrow());

/** Adds a goal with its audit row, in the caller's transaction. */
export async function addGoal(
  trx: Transaction<Database>,
  actor: AuditActor,
  patientId: number,
  goal: GoalFields,
) {
  await checkProblem(trx, patientId, goal.problem_icd10);
  const row = await trx
    .insertInto('patient_goals')
    .values({
      patient_id: patientId,
      ...columns(goal),
      author_id: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
      created_at: actor.at,
      updated_at: actor.at,
    })
    .returning('goal_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'add_patient_goal',
    entity: 'patient_goal',
    entityId: row.goal_id,
    detail: { patient_id: patientId },
  });
  return goalById(trx, row.goal_id, actor.at);
}

/** A goal as stored, to authorise its patient and keep its state before a change. */
export const goalRecord = scopedRecord({
  table: 'patient_goals',
  key: 'goal_id',
  entity: 'patient_goal',
  unknown: (id) => `Goal ${id} does not exist.`,
  load: (db, id) => db.selectFrom('patient_goals').selectAll().where('goal_id', '=', id).executeTakeFirst(),
});

/** Changes a goal with its audit row (keeping the fields before), in the caller's transaction. */
export async function updateGoal(
  trx: Transaction<Database>,
  actor: AuditActor,
  existing: Selectable<PatientGoalsTable>,
  { goal, status }: CallBody<typeof updatePatientGoal>,
) {
  await checkProblem(trx, existing.patient_id, goal.problem_icd10);
  const { title, status: before, target_low, target_high, problem_icd10 } = existing;
  await auditedUpdate(trx, actor, goalRecord, existing.goal_id, {
    set: { ...columns(goal), status, updated_at: actor.at },
    action: 'update_patient_goal',
    detail: { before: { title, status: before, target_low, target_high, problem_icd10 } },
  });
  return goalById(trx, existing.goal_id, actor.at);
}
