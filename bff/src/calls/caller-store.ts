import { NOT_THE_CALLER } from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, auditAll } from '../audit.js';
import type { Database } from '../db/schema.js';
import { invalid, notFound } from '../domain-errors.js';
import { tenDigitsSql } from '../patients/search-store.js';
import { tenDigits } from './list-store.js';

/**
 * setCallPatient: names the patient the agent chose among those sharing the number on the agent's records of the
 * contact that name none; the patient's number must be the call's (400), a record must exist (404).
 */
export async function nameCallPatient(
  trx: Transaction<Database>,
  actor: AuditActor,
  contactId: string,
  patientId: number,
): Promise<void> {
  const own = await trx
    .selectFrom('call_records')
    .select(['call_id', 'patient_id', 'phone_number'])
    .where('agent_user_id', '=', actor.userId)
    .where('contact_id', '=', contactId)
    .forUpdate()
    .execute();
  if (own.length === 0) throw notFound('You have no call with this contact.', 'contract_id');
  const unnamed = own.filter((call) => call.patient_id === null);
  if (unnamed.length === 0) return;
  const caller = tenDigits(unnamed[0]?.phone_number ?? null);
  if (caller === null) throw invalid(NOT_THE_CALLER, 'patient_id');
  const match = await trx
    .selectFrom('patients as p')
    .select('p.patient_id')
    .where('p.patient_id', '=', patientId)
    .where((eb) =>
      eb.or([eb(tenDigitsSql('p.mobile'), '=', caller), eb(tenDigitsSql('p.phone'), '=', caller)]),
    )
    .executeTakeFirst();
  if (!match) throw invalid(NOT_THE_CALLER, 'patient_id');
  const ids = unnamed.map((call) => call.call_id);
  await trx.updateTable('call_records').set({ patient_id: patientId }).where('call_id', 'in', ids).execute();
  await auditAll(
    trx,
    ids.map((callId) => ({
      ...actor,
      action: 'name_call_patient',
      entity: 'call_record',
      entityId: callId,
      detail: { patient_id: patientId, contact_id: contactId },
    })),
  );
}
