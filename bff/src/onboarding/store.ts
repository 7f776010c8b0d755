import { randomInt } from 'node:crypto';
import type {
  OnboardingDocumentKind,
  OnboardingForm,
  OnboardingProgress,
  OnboardingProvider,
  OnboardingSubmission,
} from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';

/** Onboarding submissions (decisions.md "Onboarding"): the sign-up as stored and read; review-store.ts decides. */

/** A document of a submission, stored (its file saved under `storage_key` first). */
export interface NewOnboardingDocument {
  readonly kind: OnboardingDocumentKind;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
  readonly storageKey: string;
}

const REFERENCE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 'OB-' and 8 random letters and digits (no 0/O or 1/I, which read alike on the phone). */
function newReference(): string {
  let text = '';
  for (let i = 0; i < 8; i++) text += REFERENCE_LETTERS[randomInt(REFERENCE_LETTERS.length)];
  return `OB-${text}`;
}

/** Stores a submission and its documents with its audit row (no user: the sign-up is anonymous). */
export async function addSubmission(
  trx: Transaction<Database>,
  form: OnboardingForm,
  documents: readonly NewOnboardingDocument[],
  from: { readonly ip: string; readonly at: Date },
): Promise<{ submission_id: number; reference: string }> {
  const { practice, contact, expected_patients: e } = form;
  const row = await trx
    .insertInto('onboarding_submissions')
    .values({
      reference: newReference(),
      practice_name: practice.name,
      practice_npi: practice.npi,
      practice_address: practice.address,
      practice_phone: practice.phone,
      contact_name: contact.name,
      contact_email: contact.email,
      contact_phone: contact.phone,
      providers: JSON.stringify(form.providers),
      expected_rpm: e.RPM,
      expected_ccm: e.CCM,
      expected_pcm: e.PCM,
      expected_bhi: e.BHI,
      expected_rtm: e.RTM,
      signature_name: form.signature.name,
      signed_at: from.at,
      signed_ip: from.ip,
      submitted_at: from.at,
    })
    .returning(['submission_id', 'reference'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('onboarding_documents')
    .values(
      documents.map((d) => ({
        submission_id: row.submission_id,
        kind: d.kind,
        file_name: d.fileName,
        content_type: d.contentType,
        size_bytes: d.size,
        sha256: d.sha256,
        storage_key: d.storageKey,
      })),
    )
    .execute();
  await audit(trx, {
    userId: null,
    action: 'onboarding_submit',
    entity: 'onboarding_submission',
    entityId: row.submission_id,
    detail: { reference: row.reference, practice_name: practice.name, documents: documents.length },
    ip: from.ip,
    at: from.at,
  });
  return row;
}

export const unknownSubmission = (id: number) =>
  notFound(`Submission ${id} does not exist.`, 'submission_id');

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** Everything a submission holds, for its reviewer; 404 naming submission_id when there is none. */
export async function loadSubmission(db: Db, submissionId: number): Promise<OnboardingSubmission> {
  const s = await db
    .selectFrom('onboarding_submissions as s')
    .leftJoin('users as rs', 'rs.user_id', 's.review_started_by')
    .leftJoin('users as d', 'd.user_id', 's.decided_by')
    .leftJoin('practices as p', 'p.practice_id', 's.practice_id')
    .leftJoin('organizations as o', 'o.organization_id', 'p.organization_id')
    .selectAll('s')
    .select([
      'rs.firstname as rs_first',
      'rs.lastname as rs_last',
      'd.firstname as d_first',
      'd.lastname as d_last',
      'o.organization_name',
    ])
    .where('s.submission_id', '=', submissionId)
    .executeTakeFirst();
  if (!s) throw unknownSubmission(submissionId);
  const documents = await db
    .selectFrom('onboarding_documents')
    .select(['document_id', 'kind', 'file_name', 'content_type', 'size_bytes'])
    .where('submission_id', '=', submissionId)
    .orderBy('document_id')
    .execute();
  return {
    ...progressOf(s),
    submission_id: s.submission_id,
    practice_npi: s.practice_npi,
    practice_address: s.practice_address,
    practice_phone: s.practice_phone,
    contact_name: s.contact_name,
    contact_email: s.contact_email,
    contact_phone: s.contact_phone,
    providers: s.providers as OnboardingProvider[],
    expected_patients: {
      RPM: s.expected_rpm,
      CCM: s.expected_ccm,
      PCM: s.expected_pcm,
      BHI: s.expected_bhi,
      RTM: s.expected_rtm,
    },
    signature_name: s.signature_name,
    signed_at: s.signed_at.toISOString(),
    signed_ip: s.signed_ip,
    review_started_by: s.review_started_by === null ? null : fullName(s.rs_first, s.rs_last),
    decided_by: s.decided_by === null ? null : fullName(s.d_first, s.d_last),
    practice_id: s.practice_id,
    organization_name: s.organization_name,
    documents,
  };
}

type ProgressColumns = Pick<
  Database['onboarding_submissions'],
  'reference' | 'practice_name' | 'reject_reason'
> & {
  status: OnboardingProgress['status'];
  submitted_at: Date;
  review_started_at: Date | null;
  decided_at: Date | null;
};

function progressOf(s: ProgressColumns): OnboardingProgress {
  return {
    reference: s.reference,
    practice_name: s.practice_name,
    status: s.status,
    submitted_at: s.submitted_at.toISOString(),
    review_started_at: iso(s.review_started_at),
    decided_at: iso(s.decided_at),
    reject_reason: s.reject_reason,
  };
}

/** The submissions whose contact e-mail is `email` (a signed-in user's user name), newest first. */
export async function submissionsOf(db: Db, email: string): Promise<OnboardingProgress[]> {
  const rows = await db
    .selectFrom('onboarding_submissions')
    .select([
      'reference',
      'practice_name',
      'status',
      'submitted_at',
      'review_started_at',
      'decided_at',
      'reject_reason',
    ])
    .where((eb) => eb(eb.fn('lower', ['contact_email']), '=', email.toLowerCase()))
    .orderBy('submitted_at', 'desc')
    .orderBy('submission_id', 'desc')
    .execute();
  return rows.map(progressOf);
}

/** A submission's document with where its file is; 404 naming document_id when there is none. */
export async function onboardingDocument(db: Db, documentId: number) {
  const doc = await db
    .selectFrom('onboarding_documents')
    .select(['document_id', 'submission_id', 'kind', 'file_name', 'content_type', 'storage_key'])
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  if (!doc) throw notFound(`Document ${documentId} does not exist.`, 'document_id');
  return doc;
}

/** Audits a reviewer's download of a submission's document. */
export async function auditOnboardingDocumentRead(
  db: Db,
  by: AuditActor,
  doc: { readonly document_id: number; readonly submission_id: number },
): Promise<void> {
  await audit(db, {
    ...by,
    action: 'read',
    entity: 'onboarding_document',
    entityId: doc.document_id,
    detail: { submission_id: doc.submission_id },
  });
}
