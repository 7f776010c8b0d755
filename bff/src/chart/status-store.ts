import {
  isoDay,
  MSG,
  type StatusDialog,
  type StatusOption,
  type StatusProgram,
  statusAvailability,
  statusDialog,
} from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid } from '../domain-errors.js';
import { latestTodayDay } from '../picker-days.js';

/** The column of patients holding each program's status. */
const STATUS_COLUMN = { RPM: 'rpm_status', CCM: 'ccm_status', BHI: 'bhi_status' } as const;

/** The patient's three statuses, the reject reason, the CCM start and the status lists (001 §2.3, §4). */
export async function patientStatuses(db: Db, patientId: number) {
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
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  const ccm = await db
    .selectFrom('patient_status_changes')
    .select((eb) => eb.fn.min('changed_at').as('first'))
    .where('patient_id', '=', patientId)
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
  };
}

/** A status change of one program as the call asks it, with the details of the dialogs it sent. */
export interface StatusChange {
  readonly program: StatusProgram;
  readonly patientId: number;
  readonly status: number;
  readonly dialogs: Partial<Record<StatusDialog, Record<string, unknown>>>;
}

/**
 * Changes one program's status (001 §4) with its history and audit rows; refuses a status not offered, a missing
 * dialog or a future day; the same status without a dialog answers 'unchanged'.
 */
export async function changeStatus(
  trx: Transaction<Database>,
  actor: AuditActor,
  change: StatusChange,
): Promise<'changed' | 'unchanged'> {
  const { program, patientId, status } = change;
  const option = await trx
    .selectFrom('patient_status_options')
    .select(['status_id', 'label'])
    .where('program', '=', program)
    .where('status_id', '=', status)
    .executeTakeFirst();
  if (!option) throw invalid(`${status} is not a ${program} status.`, 'status');
  if (statusAvailability(program, status) !== 'offered')
    throw invalid(`${program} status ${status} (${option.label}) cannot be chosen.`, 'status');
  const patient = await trx
    .selectFrom('patients')
    .select(['rpm_status', 'ccm_status', 'bhi_status', 'health_med_id'])
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  // 001 §2.3: BHI shows only with a health-med id; without one there is no BHI status to set.
  if (program === 'BHI' && !patient.health_med_id?.trim())
    throw conflict('BHI needs a health-med id: add it to the patient first.', 'patient_id');
  const from = patient[STATUS_COLUMN[program]];
  const dialog = statusDialog(program, from, status);
  if (from === status && dialog === null) return 'unchanged';
  const details = dialog ? change.dialogs[dialog] : undefined;
  if (dialog && !details) throw invalid(`Status ${status} needs the ${dialog} details.`, dialog);
  const day = (dialog === 'enrollment' ? details?.enrolled_on : details?.discharged_on) as string | undefined;
  if (day !== undefined && day > latestTodayDay(actor.at))
    throw invalid(MSG.invalidDate, `${dialog}.${dialog === 'enrollment' ? 'enrolled_on' : 'discharged_on'}`);
  const reject = dialog === 'rejected' || dialog === 'reject';
  await trx
    .updateTable('patients')
    .set({
      [STATUS_COLUMN[program]]: status,
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
      changed_by: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
      changed_at: actor.at,
    })
    .execute();
  await audit(trx, {
    ...actor,
    action: `update_${program.toLowerCase()}_status`,
    entity: 'patient',
    entityId: patientId,
    detail: { from, to: status, ...(details ? { [dialog as string]: details } : {}) },
  });
  return 'changed';
}
