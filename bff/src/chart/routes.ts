import {
  BILLING_COLUMN_NAMES,
  CCM_TIME_GOALS,
  COMPLIANCE_TARGET_DAYS,
  ccmCodes,
  checkPageAccess,
  complianceStripMonths,
  getMonthlyTargets,
  getOrgsForUser,
  getPatientDetailById,
  getPatientStatuses,
  isoDay,
  lastDayOf,
  MSG,
  monthsBefore,
  RPM_ADDITIONAL_TIME_GOAL_MIN,
  RPM_TIME_GOAL_MIN,
  type StatusOption,
  type StatusProgram,
  statusAvailability,
  statusDialog,
  stripMonthName,
  updateBhiStatus,
  updateCcmStatus,
  updateRpmStatus,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { actor } from '../http/route-helpers.js';
import { latestTodayDay, sqlDay } from '../routes/rules-store.js';
import { assertPageAccess, assertPatientAccess, visibleOrganizations } from '../scope.js';

/** Months of CPT history on the card; the spec is silent, two years covers any audit question at the desk. */
const CPT_HISTORY_MONTHS = 24;

/** The column of patients holding each program's status. */
const STATUS_COLUMN = { RPM: 'rpm_status', CCM: 'ccm_status', BHI: 'bhi_status' } as const;

/**
 * The patient chart's frame and Overview card (000 §2.3; 001 §2.3, §2.9, §3, §4, §7 "Patient and session"):
 * demographics, the page-access check, the user's organisations, the statuses with their lists and changes, the
 * monthly targets, CPT history and compliance strip.
 */
export function chartRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getPatientDetailById, async ({ body, auth }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const p = await db
      .selectFrom('patients as p')
      .innerJoin('languages as l', 'l.language_id', 'p.language_id')
      .innerJoin('organizations as o', 'o.organization_id', 'p.organization_id')
      .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
      .innerJoin('locations as lo', 'lo.location_id', 'p.location_id')
      .leftJoin('users as ph', 'ph.user_id', 'p.physician_id')
      .leftJoin('users as cc', 'cc.user_id', 'p.care_coordinator_id')
      .select([
        'p.patient_id',
        'p.firstname',
        'p.lastname',
        'p.location_id',
        'p.organization_id',
        'p.practice_id',
        'p.physician_id',
        'p.dob',
        'p.gender',
        'p.mobile',
        'p.phone',
        'p.language_id',
        'l.language',
        'p.diagnosis_code',
        'p.health_med_id',
        'p.auth_number',
        'p.setup_date',
        'ph.firstname as ph_first',
        'ph.lastname as ph_last',
        'p.care_coordinator_id',
        'cc.firstname as cc_first',
        'cc.lastname as cc_last',
        'o.organization_name',
        'pr.practice_name',
        'lo.location_name',
      ])
      .where('p.patient_id', '=', body.patient_id)
      .executeTakeFirstOrThrow();
    const name = (first: string | null, last: string | null) =>
      first === null ? null : `${first} ${last ?? ''}`.trim();
    return {
      status: 1,
      data: {
        patient_id: p.patient_id,
        firstname: p.firstname,
        lastname: p.lastname,
        loc_id: p.location_id,
        org_id: p.organization_id,
        prac_id: p.practice_id,
        phy_id: p.physician_id,
        dob: isoDay(p.dob),
        gender: p.gender,
        mobile: p.mobile,
        phone: p.phone,
        language_id: p.language_id,
        language: p.language,
        diagnosis_code: p.diagnosis_code,
        health_med_id: p.health_med_id,
        auth_number: p.auth_number,
        setup_date: p.setup_date ? isoDay(p.setup_date) : null,
        physician_name: name(p.ph_first, p.ph_last),
        care_coordinator_id: p.care_coordinator_id,
        care_coordinator_name: name(p.cc_first, p.cc_last),
        organization_name: p.organization_name,
        practice_name: p.practice_name,
        location_name: p.location_name,
      },
    };
  });

  registerCall(app, deps, checkPageAccess, async ({ query, auth }) => {
    // The organizations header (001 §6) is the client's view of its own scope; the session decides.
    await assertPageAccess(db, auth, query.patient_id);
    return { status: 1 as const, message: 'Access granted' };
  });

  registerCall(app, deps, getOrgsForUser, async ({ query, auth }) => {
    if (!auth.roleid.includes(query.role))
      throw new HttpError(403, `Role ${query.role} is not one of your roles.`, 'role');
    const orgs = await visibleOrganizations(db, auth);
    let q = db.selectFrom('organizations').select(['organization_id', 'organization_name']);
    if (orgs !== 'all') q = q.where('organization_id', 'in', [...orgs, 0]);
    return { status: 1, data: await q.orderBy('organization_name').orderBy('organization_id').execute() };
  });

  registerCall(app, deps, getPatientStatuses, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    const p = await db
      .selectFrom('patients')
      .select([
        'rpm_status',
        'ccm_status',
        'bhi_status',
        'reject_reason',
        'reject_comment',
        'setup_date',
        'ccm_type',
        'health_med_id',
      ])
      .where('patient_id', '=', query.patient_id)
      .executeTakeFirstOrThrow();
    const ccm = await db
      .selectFrom('patient_status_changes')
      .select((eb) => eb.fn.min('changed_at').as('first'))
      .where('patient_id', '=', query.patient_id)
      .where('program', '=', 'CCM')
      .where('to_status', '>=', 2)
      .where('to_status', '<>', 30)
      .executeTakeFirst();
    const options = await db
      .selectFrom('patient_status_options')
      .selectAll()
      .orderBy('program')
      .orderBy('sort_order')
      .execute();
    const list = (program: StatusProgram): StatusOption[] =>
      options
        .filter((o) => o.program === program)
        .map((o) => ({
          status_id: o.status_id,
          label: o.label,
          hidden: o.hidden,
          disabled: o.disabled,
          description: o.description,
        }));
    const first = ccm?.first as Date | string | null | undefined;
    return {
      status: 1,
      data: {
        patientCurStatus: p.rpm_status,
        patientCurCCMStatus: p.ccm_status,
        patientCurBhiStatus: p.bhi_status,
        reject_reason: p.reject_reason,
        reject_comment: p.reject_comment,
        setupDate: p.setup_date ? isoDay(p.setup_date) : null,
        ccmCreated: first ? new Date(first).toISOString() : null,
        ccmType: p.ccm_type,
        health_med_id: p.health_med_id,
        rpmStatuses: list('RPM'),
        ccmStatuses: list('CCM'),
        bhiStatuses: list('BHI'),
      },
    };
  });

  /** A status change of one program (001 §4), in one transaction with its history and audit rows. */
  async function changeStatus(
    auth: AuthContext,
    ip: string,
    program: StatusProgram,
    patientId: number,
    status: number,
    dialogs: Partial<Record<'enrollment' | 'rejected' | 'reject' | 'discharge', Record<string, unknown>>>,
  ): Promise<{ status: number; message: string }> {
    await assertPatientAccess(db, auth, patientId);
    const option = await db
      .selectFrom('patient_status_options')
      .select(['status_id', 'label'])
      .where('program', '=', program)
      .where('status_id', '=', status)
      .executeTakeFirst();
    if (!option) throw new HttpError(400, `${status} is not a ${program} status.`, 'status');
    const availability = statusAvailability(program, status);
    if (availability !== 'offered')
      throw new HttpError(400, `${program} status ${status} (${option.label}) cannot be chosen.`, 'status');
    const patient = await db
      .selectFrom('patients')
      .select(['rpm_status', 'ccm_status', 'bhi_status', 'health_med_id'])
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow();
    // 001 §2.3: BHI shows only with a health-med id; without one there is no BHI status to set.
    if (program === 'BHI' && !patient.health_med_id?.trim())
      throw new HttpError(409, 'BHI needs a health-med id: add it to the patient first.', 'patient_id');
    const column = STATUS_COLUMN[program];
    const from = patient[column];
    const dialog = statusDialog(program, from, status);
    if (from === status && dialog === null) return { status: 1, message: 'No change' };
    const details = dialog ? dialogs[dialog] : undefined;
    if (dialog && !details) throw new HttpError(400, `Status ${status} needs the ${dialog} details.`, dialog);
    const now = clock.now();
    const day = (dialog === 'enrollment' ? details?.enrolled_on : details?.discharged_on) as
      | string
      | undefined;
    if (day !== undefined && day > latestTodayDay(now))
      throw new HttpError(
        400,
        MSG.invalidDate,
        `${dialog}.${dialog === 'enrollment' ? 'enrolled_on' : 'discharged_on'}`,
      );
    await db.transaction().execute(async (trx) => {
      const reject = dialog === 'rejected' || dialog === 'reject';
      await trx
        .updateTable('patients')
        .set({
          ...(program === 'RPM'
            ? { rpm_status: status }
            : program === 'CCM'
              ? { ccm_status: status }
              : { bhi_status: status }),
          ...(reject
            ? {
                reject_reason: String(details?.reason ?? '').trim(),
                reject_comment: String(details?.comment ?? '').trim() || null,
              }
            : {}),
        })
        .where('patient_id', '=', patientId)
        .execute();
      await trx
        .insertInto('patient_status_changes')
        .values({
          patient_id: patientId,
          program,
          from_status: from,
          to_status: status,
          details: details ? JSON.stringify({ dialog, ...details }) : null,
          changed_by: auth.userId,
          acting_user_id: auth.session.actingUserId,
          changed_at: now,
        })
        .execute();
      await audit(trx, {
        ...actor(auth, ip, now),
        action: `update_${program.toLowerCase()}_status`,
        entity: 'patient',
        entityId: patientId,
        detail: { from, to: status, ...(details ? { [dialog as string]: details } : {}) },
      });
    });
    return { status: 1, message: MSG.updatedSuccessfully };
  }

  registerCall(app, deps, updateRpmStatus, async ({ body, auth, req }) =>
    changeStatus(auth, req.ip, 'RPM', body.patient_id, body.status, {
      ...(body.enrollment ? { enrollment: body.enrollment } : {}),
      ...(body.rejected ? { rejected: body.rejected } : {}),
      ...(body.reject ? { reject: body.reject } : {}),
    }),
  );

  registerCall(app, deps, updateCcmStatus, async ({ body, auth, req }) =>
    changeStatus(auth, req.ip, 'CCM', body.patient_id, body.status, {
      ...(body.discharge ? { discharge: body.discharge } : {}),
    }),
  );

  registerCall(app, deps, updateBhiStatus, async ({ body, auth, req }) =>
    changeStatus(auth, req.ip, 'BHI', body.patient_id, body.status, {}),
  );

  registerCall(app, deps, getMonthlyTargets, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    const month = query.month ?? isoDay(clock.now()).slice(0, 7);
    const first = `${month}-01`;
    const last = lastDayOf(month);
    const patient = await db
      .selectFrom('patients')
      .select(['setup_date', 'ccm_type'])
      .where('patient_id', '=', query.patient_id)
      .executeTakeFirstOrThrow();
    const historyFrom = `${monthsBefore(month, CPT_HISTORY_MONTHS)}-01`;
    // The billing summary (billing/summary.ts) holds the month's counts and stored RPM codes; CCM codes depend on
    // the patient's CCM type and are computed here, as the billing report does.
    const rows = await db
      .selectFrom('patient_month_summary')
      .selectAll()
      .where('patient_id', '=', query.patient_id)
      .where('month', '>=', sqlDay(historyFrom))
      .where('month', '<=', sqlDay(first))
      .orderBy('month', 'desc')
      .execute();
    const current = rows.find((r) => isoDay(r.month) === first);
    const ccmType = patient.ccm_type;
    const goals = ccmType === 1 ? CCM_TIME_GOALS.type1 : CCM_TIME_GOALS.other;
    const ccmOf = (seconds: number) => ccmCodes({ ccmSeconds: seconds, ccmType });
    const ccmNow = ccmOf(current?.ccm_seconds ?? 0);
    const setupDate = patient.setup_date ? isoDay(patient.setup_date) : null;

    const history: { date: string; code: string }[] = [];
    for (const r of rows) {
      const date = isoDay(r.month);
      const ccm = ccmOf(r.ccm_seconds);
      for (const code of [
        r.setup_cpt,
        r.compliance_cpt,
        r.activity_time_cpt,
        r.more_activity_time_cpt,
        r.activity_time_60_cpt,
        r.rtm_cpt,
        r.rtm_40_cpt,
        r.rtm_60_cpt,
        ccm.time,
        ccm.additional,
      ]) {
        if (code) history.push({ date, code });
      }
    }
    const strip = complianceStripMonths(first).map((m) => {
      const r = rows.find((row) => isoDay(row.month).startsWith(m));
      return {
        month: m,
        month_name: stripMonthName(m),
        before_setup: setupDate === null || m < setupDate.slice(0, 7),
        rpm: r?.compliance_cpt === '99454',
        ccm: r ? ccmOf(r.ccm_seconds).time !== null : false,
      };
    });
    return {
      status: 1,
      data: {
        columns: [...BILLING_COLUMN_NAMES],
        range: { from: first, to: last },
        setup: {
          setup_date: current?.setup_date ? isoDay(current.setup_date) : setupDate,
          code: current?.setup_cpt ?? null,
        },
        compliance: {
          days: current?.reading_days ?? 0,
          target: COMPLIANCE_TARGET_DAYS,
          code: current?.compliance_cpt ?? null,
        },
        rpm_time: {
          seconds: current?.rpm_seconds ?? 0,
          goal_minutes: RPM_TIME_GOAL_MIN,
          code: current?.activity_time_cpt ?? null,
        },
        additional_rpm_time: {
          seconds: current?.rpm_seconds ?? 0,
          goal_minutes: RPM_ADDITIONAL_TIME_GOAL_MIN,
          code: current?.more_activity_time_cpt ?? null,
        },
        ccm_time: { seconds: current?.ccm_seconds ?? 0, goal_minutes: goals.time, code: ccmNow.time },
        additional_ccm_time: {
          seconds: current?.ccm_seconds ?? 0,
          goal_minutes: goals.additional,
          code: ccmNow.additional,
        },
        cpt_history: history,
        strip,
      },
    };
  });
}
