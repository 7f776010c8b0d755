import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TEXT,
  DOCUMENT_TYPES,
  ONBOARDING_DOCUMENT_KINDS,
  ONBOARDING_TEXT,
  type OnboardingDocumentKind,
  type OnboardingForm,
  onboardingForm,
} from '@rpm/shared';
import luhn from 'fast-luhn';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { invalid, tooLarge } from '../domain-errors.js';
import { multipartRefusal } from '../http/multipart.js';

/**
 * The public sign-up's multipart body (shared/src/api/onboarding.ts submitOnboarding): a `submission` part with the
 * form as JSON and one file part per document kind. Each refusal is a 4xx naming the part or the form's field.
 */

/** The largest `submission` part: the form with 20 providers is a few kilobytes. */
const SUBMISSION_MAX_BYTES = 64 * 1024;

/** A document as sent: its bytes, the type they are (sniffed, never the client's word) and its name. */
export interface SentDocument {
  readonly kind: OnboardingDocumentKind;
  readonly bytes: Buffer;
  readonly mime: keyof typeof DOCUMENT_TYPES;
  readonly ext: string;
  readonly name: string;
}

const isKind = (name: string): name is OnboardingDocumentKind => name in ONBOARDING_DOCUMENT_KINDS;

/** Reads every part into memory (at most two files of DOCUMENT_MAX_BYTES and a small field). */
async function readParts(req: FastifyRequest) {
  if (!req.isMultipart()) throw invalid(ONBOARDING_TEXT.notMultipart, 'submission');
  let submission: string | undefined;
  const files = new Map<OnboardingDocumentKind, { bytes: Buffer; name: string }>();
  let current = 'submission';
  try {
    const parts = req.parts({
      limits: {
        fileSize: DOCUMENT_MAX_BYTES,
        files: 2,
        fields: 1,
        parts: 3,
        fieldSize: SUBMISSION_MAX_BYTES,
      },
    });
    for await (const part of parts) {
      current = part.fieldname;
      if (part.type === 'field') {
        if (part.fieldname !== 'submission' || typeof part.value !== 'string')
          throw invalid(ONBOARDING_TEXT.unknownPart, part.fieldname);
        if (part.valueTruncated) throw tooLarge(ONBOARDING_TEXT.noSubmission, 'submission');
        submission = part.value;
      } else {
        if (!isKind(part.fieldname) || files.has(part.fieldname))
          throw invalid(ONBOARDING_TEXT.unknownPart, part.fieldname);
        files.set(part.fieldname, { bytes: await part.toBuffer(), name: part.filename });
      }
    }
  } catch (error) {
    throw multipartRefusal(
      error,
      current,
      () => tooLarge(DOCUMENT_TEXT.tooLarge, current),
      ONBOARDING_TEXT.unknownPart,
    );
  }
  return { submission, files };
}

/** The form parsed; a refused field answers 400 naming its path, e.g. 'providers.0.npi'. */
function parseForm(text: string | undefined): OnboardingForm {
  let json: unknown;
  try {
    json = text === undefined ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (json === undefined) throw invalid(ONBOARDING_TEXT.noSubmission, 'submission');
  const parsed = onboardingForm.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'submission';
    throw invalid(issue?.message ?? ONBOARDING_TEXT.noSubmission, field);
  }
  const form = parsed.data;
  // An NPI's last digit is a Luhn check over '80840' and its first nine (CMS NPI standard).
  if (!luhn(`80840${form.practice.npi}`)) throw invalid(ONBOARDING_TEXT.badNpi, 'practice.npi');
  form.providers.forEach((p, i) => {
    if (!luhn(`80840${p.npi}`)) throw invalid(ONBOARDING_TEXT.badNpi, `providers.${i}.npi`);
  });
  return form;
}

/** The form and both documents, each a PDF, PNG or JPEG by its bytes; anything else a 4xx naming the part. */
export async function readSubmission(
  req: FastifyRequest,
): Promise<{ form: OnboardingForm; documents: SentDocument[] }> {
  const { submission, files } = await readParts(req);
  const form = parseForm(submission);
  const documents: SentDocument[] = [];
  for (const kind of Object.keys(ONBOARDING_DOCUMENT_KINDS) as OnboardingDocumentKind[]) {
    const file = files.get(kind);
    if (!file || file.bytes.length === 0) throw invalid(ONBOARDING_TEXT.missingDocument(kind), kind);
    const type = await fileTypeFromBuffer(file.bytes);
    const mime = type?.mime as keyof typeof DOCUMENT_TYPES | undefined;
    if (!mime || !(mime in DOCUMENT_TYPES)) throw invalid(DOCUMENT_TEXT.wrongType, kind);
    documents.push({ kind, bytes: file.bytes, mime, ext: DOCUMENT_TYPES[mime], name: file.name });
  }
  return { form, documents };
}
