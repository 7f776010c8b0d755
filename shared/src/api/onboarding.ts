import { z } from 'zod';
import { PHONE_DIGITS } from '../constants.js';
import { MSG } from '../messages.js';
import { emailField } from '../validators.js';
import { DOCUMENT_MAX_BYTES } from './chart-documents.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { organizationName } from './organizations.js';

/**
 * Onboarding (000 §2.1: any path containing 'onboarding' opens without sign-in; issue 42 §1; decisions.md
 * "Onboarding"): a practice signs itself up through one public multipart call; sales (role 14) and administrators
 * (role 1) review the submissions on the Leads page and approve (the practice is created) or reject with a reason;
 * a signed-in user with is_onboarding follows their own submission's progress.
 */

/** The roles that review submissions (with the 'Leads' page their calls need). */
export const ONBOARDING_REVIEW_ROLES: readonly number[] = [1, 14];

/** At most this many submissions per address in {@link ONBOARDING_RATE_WINDOW_MS}; the next one answers 429. */
export const ONBOARDING_RATE_LIMIT = 10;
export const ONBOARDING_RATE_WINDOW_MS = 60_000;

/** The programs a practice expects patients in, in the form's order. */
export const ONBOARDING_PROGRAMS = ['RPM', 'CCM', 'PCM', 'BHI', 'RTM'] as const;
export type OnboardingProgram = (typeof ONBOARDING_PROGRAMS)[number];

export const ONBOARDING_PROVIDERS_MAX = 20;
/** Expected patients per program: a whole number up to this. */
export const ONBOARDING_PATIENTS_MAX = 100_000;

/** The documents a submission carries, each one file part of the multipart body named by its key. */
export const ONBOARDING_DOCUMENT_KINDS = { w9: 'W-9', agreement: 'Signed agreement' } as const;
export type OnboardingDocumentKind = keyof typeof ONBOARDING_DOCUMENT_KINDS;

/** A submission's progress, in its order (migration 0061's check). */
export const ONBOARDING_STATUSES = {
  submitted: 'Submitted',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
} as const;
export type OnboardingStatus = keyof typeof ONBOARDING_STATUSES;

export const ONBOARDING_REASON_MAX = 500;

export const ONBOARDING_TEXT = {
  title: 'Practice Onboarding',
  submitted: 'Thank you. Your onboarding request was received.',
  nextSteps:
    'Our sales team reviews every request, usually within two business days. We e-mail the contact when the practice is approved, or tell you what is missing.',
  tooMany: 'Too many sign-up requests from your address. Please try again in a minute.',
  captcha: 'The captcha was not solved or has expired. Please try again.',
  notMultipart: 'Send the form as multipart/form-data with the submission and both documents.',
  noSubmission: 'The submission part is missing or is not valid JSON.',
  missingDocument: (kind: OnboardingDocumentKind) => `Attach the ${ONBOARDING_DOCUMENT_KINDS[kind]}.`,
  unknownPart: 'Send only the submission, w9 and agreement parts.',
  badNpi: 'This NPI fails its check digit.',
  npi: 'An NPI is 10 digits.',
  agree: 'Tick the box to sign the agreement.',
  alreadyDecided: 'This submission was already decided.',
  notReviewer: 'Only sales representatives and administrators review onboarding submissions.',
  notOnboarding: 'Your account is not in onboarding.',
  started: 'Review started',
  approved: 'Approved: the practice was created.',
  rejected: 'Rejected',
} as const;

const text = (max: number) =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, `At most ${max} characters`);
const npi = z.string({ error: MSG.required }).regex(/^[0-9]{10}$/, ONBOARDING_TEXT.npi);
/** Ten digits, as the form sends a typed number (formatPhone shows it). */
const phone = z
  .string({ error: MSG.required })
  .regex(new RegExp(`^[0-9]{${PHONE_DIGITS}}$`), MSG.invalidPhone);
const patients = z
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(0, 'At least 0')
  .max(ONBOARDING_PATIENTS_MAX, `At most ${ONBOARDING_PATIENTS_MAX}`);

export const onboardingProvider = z.object({
  name: text(120),
  npi,
  credential: text(40),
});
export type OnboardingProvider = z.infer<typeof onboardingProvider>;

/**
 * The form's fields: the multipart body's `submission` part, as JSON. The practice's name becomes a practice's on
 * approval, so it follows the organisation-name rule; every other text is kept as typed and shown escaped.
 */
export const onboardingForm = z.strictObject({
  captchaToken: z.string({ error: ONBOARDING_TEXT.captcha }).min(1, ONBOARDING_TEXT.captcha).max(4096),
  practice: z.strictObject({
    name: organizationName,
    npi,
    address: text(300),
    phone,
  }),
  contact: z.strictObject({
    name: text(120),
    email: emailField().pipe(z.string().max(254, 'At most 254 characters')),
    phone,
  }),
  providers: z
    .array(onboardingProvider, { error: 'Add at least one provider' })
    .min(1, 'Add at least one provider')
    .max(ONBOARDING_PROVIDERS_MAX, `At most ${ONBOARDING_PROVIDERS_MAX} providers`),
  expected_patients: z.strictObject({
    RPM: patients,
    CCM: patients,
    PCM: patients,
    BHI: patients,
    RTM: patients,
  }),
  signature: z.strictObject({
    name: text(120),
    agreed: z.literal(true, { error: ONBOARDING_TEXT.agree }),
  }),
});
export type OnboardingForm = z.infer<typeof onboardingForm>;

export const submitOnboarding = defineCall({
  method: 'POST',
  path: 'rpm/onboarding/submit',
  spec: '000 §2.1 (onboarding; ours), issue 42 §1',
  summary: `A practice's self-service sign-up (multipart/form-data: a 'submission' part holding the form as JSON, and file parts 'w9' and 'agreement', each PDF, PNG or JPEG by its bytes, at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB); captcha required, ${ONBOARDING_RATE_LIMIT} a minute per address`,
  access: 'public',
  response: okAnswer.extend({
    data: z.object({ reference: z.string(), next_steps: z.string() }),
  }),
});

export const onboardingDocument = z.object({
  document_id: z.number().int(),
  kind: z.enum(
    Object.keys(ONBOARDING_DOCUMENT_KINDS) as [OnboardingDocumentKind, ...OnboardingDocumentKind[]],
  ),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
});
export type OnboardingDocument = z.infer<typeof onboardingDocument>;

const statusEnum = z.enum(Object.keys(ONBOARDING_STATUSES) as [OnboardingStatus, ...OnboardingStatus[]]);

/** A submission's progress as its contact sees it. */
export const onboardingProgress = z.object({
  reference: z.string(),
  practice_name: z.string(),
  status: statusEnum,
  submitted_at: z.string(),
  review_started_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
});
export type OnboardingProgress = z.infer<typeof onboardingProgress>;

/** Everything a submission holds, for its reviewer. */
export const onboardingSubmission = onboardingProgress.extend({
  submission_id: z.number().int(),
  practice_npi: z.string(),
  practice_address: z.string(),
  practice_phone: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  providers: z.array(onboardingProvider),
  expected_patients: z.record(z.enum(ONBOARDING_PROGRAMS), z.number().int()),
  signature_name: z.string(),
  signed_at: z.string(),
  signed_ip: z.string(),
  review_started_by: z.string().nullable(),
  decided_by: z.string().nullable(),
  /** The practice an approval created, and its organisation. */
  practice_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  documents: z.array(onboardingDocument),
});
export type OnboardingSubmission = z.infer<typeof onboardingSubmission>;

const REVIEW = { page: 'Leads' } as const;

export const getOnboardingSubmission = defineCall({
  method: 'GET',
  path: 'rpm/onboarding/getSubmission',
  spec: 'issue 42 §1 (ours)',
  summary:
    'One onboarding submission with its documents, and the organisations the reviewer may put its practice in (roles 1 and 14)',
  access: REVIEW,
  query: z.object({ submission_id: recordIdParam }),
  response: z.object({
    status: z.number().int(),
    data: onboardingSubmission,
    organizations: z.array(z.object({ value: z.number().int(), label: z.string() })),
  }),
});

export const getOnboardingDocumentFile = defineCall({
  method: 'GET',
  path: 'rpm/onboarding/getDocumentFile',
  spec: 'issue 42 §1 (ours)',
  summary: "A submission's document, as uploaded (an attachment; errors use the JSON error envelope)",
  access: REVIEW,
  query: z.object({ document_id: recordIdParam }),
  response: z.unknown(),
});

export const startOnboardingReview = defineCall({
  method: 'POST',
  path: 'rpm/onboarding/startReview',
  spec: 'issue 42 §1 (ours)',
  summary: 'Marks a submitted request as in review (409 once it is past that)',
  access: REVIEW,
  body: z.object({ submission_id: recordId }),
  response: okAnswer,
});

export const approveOnboarding = defineCall({
  method: 'POST',
  path: 'rpm/onboarding/approve',
  spec: 'issue 42 §1 (ours)',
  summary:
    "Approves a submission: creates its practice, with a location for the programs it expects patients in, in one of the reviewer's organisations (409 if already decided)",
  access: REVIEW,
  body: z.object({ submission_id: recordId, organization_id: recordId }),
  response: okAnswer.extend({ data: z.object({ practice_id: z.number().int() }) }),
});

export const rejectOnboarding = defineCall({
  method: 'POST',
  path: 'rpm/onboarding/reject',
  spec: 'issue 42 §1 (ours)',
  summary: 'Rejects a submission with the reason its contact sees (409 if already decided)',
  access: REVIEW,
  body: z.object({ submission_id: recordId, reason: text(ONBOARDING_REASON_MAX) }),
  response: okAnswer,
});

export const getMyOnboarding = defineCall({
  method: 'GET',
  path: 'rpm/onboarding/mine',
  spec: '000 §2.4, §3 is_onboarding; issue 42 §1 (ours)',
  summary:
    "The progress of the onboarding submissions whose contact e-mail is the signed-in user's user name (users with is_onboarding), newest first",
  access: 'session',
  response: z.object({ status: z.number().int(), data: z.array(onboardingProgress) }),
});
