import {
  addVitalConfigurations,
  defaultThresholds,
  getAllIntervals,
  getAllVitals,
  getPatientVitals,
  getVitalsDefaults,
  MSG,
  sliderMax,
  thresholdProblem,
  vitalKind,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';

/** The RPM protocol defaults are role 5's (000 §6.2 'RPM Protocol Defaults: role 5'). */
const PROTOCOL_ROLE_ID = 5;

/**
 * The vitals calls of the Alert Rules tab (001 §2.2, §3, §5, §7 "Vitals and rules"): reading intervals, the vitals
 * with their slider ranges, the role and protocol defaults, and a patient's own thresholds and weight settings
 * (written in one transaction with their audit row). The notification rules are in rules.ts.
 */
export function vitalRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getAllIntervals, async () => ({
    status: 1,
    data: await db.selectFrom('reading_intervals').selectAll().orderBy('interval_id').execute(),
  }));

  registerCall(app, deps, getAllVitals, async () => {
    const rows = await db
      .selectFrom('vitals')
      .innerJoin('device_types', 'device_types.device_type_id', 'vitals.device_type_id')
      .select([
        'vitals.vital_id',
        'vitals.vital_type',
        'vitals.unit',
        'vitals.device_type_id',
        'device_types.device_type',
      ])
      .orderBy('vitals.vital_id')
      .execute();
    return { status: 1, data: rows.map((r) => ({ ...r, slider_max: sliderMax(vitalKind(r.vital_type)) })) };
  });

  registerCall(app, deps, getVitalsDefaults, async ({ query }) => {
    const role = await db
      .selectFrom('roles')
      .select('role_id')
      .where('role_id', '=', query.role_id)
      .executeTakeFirst();
    if (!role) throw new HttpError(400, `Role ${query.role_id} does not exist.`, 'role_id');
    const vitals = await db
      .selectFrom('vitals')
      .select(['vital_id', 'vital_type', 'unit', 'device_type_id'])
      .where('device_type_id', '=', query.device_type_id)
      .orderBy('vital_id')
      .execute();
    if (vitals.length === 0)
      throw new HttpError(400, `Device type ${query.device_type_id} has no vitals.`, 'device_type_id');
    const stored = await db
      .selectFrom('vital_defaults')
      .selectAll()
      .where('role_id', 'in', [query.role_id, PROTOCOL_ROLE_ID])
      .where(
        'vital_id',
        'in',
        vitals.map((v) => v.vital_id),
      )
      .execute();
    return {
      status: 1,
      data: vitals.map((v) => {
        const own = stored.find((s) => s.vital_id === v.vital_id && s.role_id === query.role_id);
        const protocol = stored.find((s) => s.vital_id === v.vital_id && s.role_id === PROTOCOL_ROLE_ID);
        const found = own ?? protocol;
        const bounds = found ?? defaultThresholds(v.vital_id, vitalKind(v.vital_type));
        return {
          ...v,
          fk_vital_id: v.vital_id,
          critical_low: bounds.critical_low,
          abnormal_low: bounds.abnormal_low,
          abnormal_high: bounds.abnormal_high,
          critical_high: bounds.critical_high,
          source: own ? ('role' as const) : protocol ? ('protocol' as const) : ('spec' as const),
        };
      }),
    };
  });

  registerCall(app, deps, getPatientVitals, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    const vitals = await db
      .selectFrom('patient_vital_thresholds as p')
      .innerJoin('vitals as v', 'v.vital_id', 'p.vital_id')
      .select([
        'p.vital_id',
        'v.vital_type',
        'v.unit',
        'v.device_type_id',
        'p.critical_low',
        'p.abnormal_low',
        'p.abnormal_high',
        'p.critical_high',
        'p.updated_at',
      ])
      .where('p.patient_id', '=', query.patient_id)
      .orderBy('p.vital_id')
      .execute();
    const weight = await db
      .selectFrom('patient_weight_settings')
      .select(['dry_weight', 'gain', 'loss', 'updated_at'])
      .where('patient_id', '=', query.patient_id)
      .executeTakeFirst();
    const times = [...vitals.map((v) => v.updated_at.getTime()), weight?.updated_at.getTime() ?? 0];
    const latest = Math.max(0, ...times);
    return {
      status: 1,
      data: {
        vitals: vitals.map(({ updated_at: _, ...v }) => ({ ...v, fk_vital_id: v.vital_id })),
        weight: weight ? { dry_weight: weight.dry_weight, gain: weight.gain, loss: weight.loss } : null,
        updated_at: latest > 0 ? new Date(latest).toISOString() : null,
      },
    };
  });

  registerCall(app, deps, addVitalConfigurations, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const known = await db.selectFrom('vitals').select(['vital_id', 'vital_type']).execute();
    const seen = new Set<number>();
    for (const [n, vital] of body.vitals.entries()) {
      const meta = known.find((k) => k.vital_id === vital.vital_id);
      if (!meta) throw new HttpError(400, `Vital ${vital.vital_id} does not exist.`, `vitals.${n}.vital_id`);
      if (seen.has(vital.vital_id))
        throw new HttpError(400, `Vital ${vital.vital_id} is given twice.`, `vitals.${n}.vital_id`);
      seen.add(vital.vital_id);
      const problem = thresholdProblem(vital, vitalKind(meta.vital_type));
      if (problem)
        throw new HttpError(400, `${meta.vital_type}: ${problem.message}`, `vitals.${n}.${problem.field}`);
    }
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('patient_vital_thresholds').where('patient_id', '=', body.patient_id).execute();
      if (body.vitals.length > 0)
        await trx
          .insertInto('patient_vital_thresholds')
          .values(
            body.vitals.map((v) => ({
              patient_id: body.patient_id,
              vital_id: v.vital_id,
              critical_low: v.critical_low,
              abnormal_low: v.abnormal_low,
              abnormal_high: v.abnormal_high,
              critical_high: v.critical_high,
              updated_by: auth.userId,
              updated_at: now,
            })),
          )
          .execute();
      if (body.weight) {
        const row = { ...body.weight, updated_by: auth.userId, updated_at: now };
        await trx
          .insertInto('patient_weight_settings')
          .values({ patient_id: body.patient_id, ...row })
          .onConflict((oc) => oc.column('patient_id').doUpdateSet(row))
          .execute();
      } else {
        await trx.deleteFrom('patient_weight_settings').where('patient_id', '=', body.patient_id).execute();
      }
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'set_vital_configuration',
        entity: 'patient',
        entityId: body.patient_id,
        detail: { vitals: body.vitals, weight: body.weight },
      });
    });
    return { status: 1, message: MSG.updatedSuccessfully };
  });
}
