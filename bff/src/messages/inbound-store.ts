import type { CallBody, receiveSms, smsDeliveryStatus } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { hashDeviceKey } from '../alerts/device-keys.js';
import { audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { smsNumber } from './store.js';

/** The SMS provider's side (decisions.md "SMS provider"): webhook keys, inbound texts and delivery reports. */

/** Whether a webhook key is one of the provider's keys in force. */
export async function providerKeyValid(db: Db, key: string | undefined): Promise<boolean> {
  if (!key || key.length < 24) return false;
  const row = await db
    .selectFrom('sms_provider_keys')
    .select('key_id')
    .where('key_hash', '=', hashDeviceKey(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores an inbound text once per provider message id, in the thread of the patient with that mobile number: when
 * several share it, the one texted last on it (decisions.md "Inbound messages"); none: kept without a patient.
 */
export async function receiveInbound(trx: Transaction<Database>, sms: CallBody<typeof receiveSms>, at: Date) {
  const existing = await trx
    .selectFrom('patient_messages')
    .select(['message_id', 'patient_id'])
    .where('provider_message_id', '=', sms.provider_message_id)
    .executeTakeFirst();
  if (existing)
    return { message_id: existing.message_id, matched: existing.patient_id !== null, duplicate: true };
  const phone = smsNumber(sms.from) ?? sms.from.replace(/[^\d+]/g, '');
  const ten = phone.replace(/\D/g, '').slice(-10);
  const { rows } = await sql<{ patient_id: number }>`
    select p.patient_id from patients p
    left join lateral (
      select max(m.created_at) as last_at from patient_messages m
      where m.patient_id = p.patient_id and m.direction = 'out' and m.phone = ${phone}
    ) last on true
    where right(regexp_replace(coalesce(p.mobile, ''), '\\D', '', 'g'), 10) = ${ten} and p.merged_into_id is null
    order by last.last_at desc nulls last, p.patient_id
    limit 1`.execute(trx);
  const patientId = rows[0]?.patient_id ?? null;
  const row = await trx
    .insertInto('patient_messages')
    .values({
      patient_id: patientId,
      direction: 'in',
      body: sms.body.trim(),
      phone,
      status: 'received',
      provider_message_id: sms.provider_message_id,
      created_at: at,
      status_at: at,
    })
    .returning('message_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    userId: null,
    at,
    action: 'receive_patient_message',
    entity: 'patient_message',
    entityId: row.message_id,
    detail: { patient_id: patientId },
  });
  return { message_id: row.message_id, matched: patientId !== null, duplicate: false };
}

/** The provider's delivery report for one of our messages (a later 'sent' does not undo 'delivered'). */
export async function deliveryReport(
  db: Db,
  report: CallBody<typeof smsDeliveryStatus>,
  at: Date,
): Promise<void> {
  const message = await db
    .selectFrom('patient_messages')
    .select(['message_id', 'status'])
    .where('provider_message_id', '=', report.provider_message_id)
    .where('direction', '=', 'out')
    .executeTakeFirst();
  if (!message) throw notFound(`Message ${report.provider_message_id} is unknown.`, 'provider_message_id');
  if (message.status === 'delivered' && report.status === 'sent') return;
  await db
    .updateTable('patient_messages')
    .set({ status: report.status, status_detail: report.detail?.trim() || null, status_at: at })
    .where('message_id', '=', message.message_id)
    .execute();
}
