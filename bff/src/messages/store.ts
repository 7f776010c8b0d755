import type { CallQuery, getPatientMessages, TIMER_PROGRAMS } from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { recordTimeLogs } from '../billing/summary.js';
import type { Database, Db } from '../db/schema.js';
import { invalid } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';

/** A text to send: our message id travels as the provider's reference. */
export interface OutgoingSms {
  readonly messageId: number;
  /** E.164, e.g. +12025550123. */
  readonly to: string;
  readonly body: string;
}

/** What became of a text handed to the adapter. */
export type SmsOutcome =
  | { readonly status: 'queued' | 'sent'; readonly providerMessageId: string; readonly detail: null }
  | { readonly status: 'not_sent' | 'failed'; readonly providerMessageId: null; readonly detail: string };

/** Messages with the sender's name, as the thread shows them. */
const messageQuery = (db: Db) =>
  db
    .selectFrom('patient_messages as m')
    .leftJoin('users as u', 'u.user_id', 'm.sender_id')
    .select([
      'm.message_id',
      'm.direction',
      'm.body',
      'm.phone',
      'm.status',
      'm.status_detail',
      'm.template_id',
      'm.reminder_id',
      'u.firstname',
      'u.lastname',
      'm.sender_id',
      'm.created_at',
      'm.status_at',
    ]);

type MessageRow = Awaited<ReturnType<ReturnType<typeof messageQuery>['executeTakeFirstOrThrow']>>;

const messageDto = ({ firstname, lastname, sender_id, ...m }: MessageRow) => ({
  ...m,
  sender_name: sender_id === null ? null : fullName(firstname, lastname),
  created_at: m.created_at.toISOString(),
  status_at: m.status_at.toISOString(),
});

/** One message as the calls answer it. */
export const messageById = async (db: Db, messageId: number) =>
  messageDto(await messageQuery(db).where('m.message_id', '=', messageId).executeTakeFirstOrThrow());

/** A page of the patient's thread, newest first, and how many messages there are. */
export async function patientMessages(db: Db, query: CallQuery<typeof getPatientMessages>) {
  const count = await db
    .selectFrom('patient_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', query.patient_id)
    .executeTakeFirstOrThrow();
  const rows = await messageQuery(db)
    .where('m.patient_id', '=', query.patient_id)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.message_id', 'desc')
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .execute();
  return { count: Number(count.n), data: rows.map(messageDto) };
}

/** The active categories with their active templates, by name and title. */
export async function messageTemplates(db: Db) {
  const rows = await db
    .selectFrom('message_categories as c')
    .leftJoin('message_templates as t', (join) =>
      join.onRef('t.category_id', '=', 'c.category_id').on('t.active', '=', true),
    )
    .select(['c.category_id', 'c.name', 't.template_id', 't.title', 't.body'])
    .where('c.active', '=', true)
    .orderBy('c.name')
    .orderBy('t.title')
    .execute();
  const categories = new Map<number, { category_id: number; name: string; templates: TemplateDto[] }>();
  for (const r of rows) {
    const category = categories.get(r.category_id) ?? {
      category_id: r.category_id,
      name: r.name,
      templates: [],
    };
    categories.set(r.category_id, category);
    if (r.template_id !== null && r.title !== null && r.body !== null)
      category.templates.push({
        template_id: r.template_id,
        category_id: r.category_id,
        title: r.title,
        body: r.body,
      });
  }
  return [...categories.values()];
}
type TemplateDto = { template_id: number; category_id: number; title: string; body: string };

/**
 * A stored phone number as the SMS provider takes it (E.164 with the +1 prefix, 000 §9), or null when it is not a
 * North American number (decisions.md "Texting the patient's mobile").
 */
export function smsNumber(raw: string | null): string | null {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/** What an outbound message is, beside its text. */
export interface Outbound {
  readonly patientId: number;
  readonly body: string;
  readonly templateId?: number | undefined;
  readonly reminderId?: number | undefined;
  /** Minutes the sender logs to the activity log (decisions.md "Time spent on a message"). */
  readonly minutes?: number | undefined;
  readonly program?: (typeof TIMER_PROGRAMS)[number];
}

/**
 * Records an outbound message as 'queued' with its audit row (and minutes) in the caller's transaction; the caller
 * hands it to the SMS adapter after the commit. A reminder sends with `actor` null.
 */
export async function addOutbound(
  trx: Transaction<Database>,
  actor: AuditActor | null,
  at: Date,
  out: Outbound,
): Promise<OutgoingSms> {
  const patient = await trx
    .selectFrom('patients')
    .select('mobile')
    .where('patient_id', '=', out.patientId)
    .executeTakeFirstOrThrow();
  const to = smsNumber(patient.mobile);
  if (!to) throw invalid('The patient has no mobile number to text.', 'patient_id');
  if (out.templateId !== undefined) {
    const template = await trx
      .selectFrom('message_templates')
      .select('template_id')
      .where('template_id', '=', out.templateId)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!template) throw invalid(`Message template ${out.templateId} does not exist.`, 'template_id');
  }
  const body = out.body.trim();
  const row = await trx
    .insertInto('patient_messages')
    .values({
      patient_id: out.patientId,
      direction: 'out',
      body,
      phone: to,
      status: 'queued',
      template_id: out.templateId ?? null,
      reminder_id: out.reminderId ?? null,
      sender_id: actor?.userId ?? null,
      acting_user_id: actor?.actingUserId ?? null,
      created_at: at,
      status_at: at,
    })
    .returning('message_id')
    .executeTakeFirstOrThrow();
  const [timeLogId] =
    actor && out.minutes
      ? await recordTimeLogs(trx, [
          {
            patient_id: out.patientId,
            user_id: actor.userId,
            program: out.program ?? 'RPM',
            seconds: out.minutes * 60,
            logged_at: at,
            note: 'Text message to the patient',
          },
        ])
      : [];
  await audit(trx, {
    ...(actor ?? { userId: null, at }),
    action: 'send_patient_message',
    entity: 'patient_message',
    entityId: row.message_id,
    detail: {
      patient_id: out.patientId,
      template_id: out.templateId ?? null,
      reminder_id: out.reminderId ?? null,
      time_log_id: timeLogId ?? null,
    },
  });
  return { messageId: row.message_id, to, body };
}

/** Keeps what the outbox would have sent. */
export async function recordOutbox(db: Db, sms: OutgoingSms, at: Date): Promise<void> {
  await db
    .insertInto('sms_outbox')
    .values({ message_id: sms.messageId, phone: sms.to, body: sms.body, created_at: at })
    .execute();
}

/** What the adapter made of a message. */
export async function recordOutcome(db: Db, messageId: number, outcome: SmsOutcome, at: Date): Promise<void> {
  await db
    .updateTable('patient_messages')
    .set({
      status: outcome.status,
      status_detail: outcome.detail,
      provider_message_id: outcome.providerMessageId,
      status_at: at,
    })
    .where('message_id', '=', messageId)
    .execute();
}
