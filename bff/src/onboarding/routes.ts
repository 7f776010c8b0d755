import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import {
  approveOnboarding,
  getMyOnboarding,
  getOnboardingDocumentFile,
  getOnboardingSubmission,
  ONBOARDING_REVIEW_ROLES,
  ONBOARDING_TEXT,
  rejectOnboarding,
  startOnboardingReview,
  submitOnboarding,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { openDocumentFiles } from '../documents/files.js';
import { safeFileName } from '../documents/upload.js';
import { forbidden, invalid } from '../domain-errors.js';
import { attachment } from '../http/attachment.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertOrganization } from '../organizations/structure-store.js';
import { visibleOrganizations } from '../scope.js';
import { countSubmissionAttempt } from './limits.js';
import { approveSubmission, rejectSubmission, startReview } from './review-store.js';
import {
  addSubmission,
  auditOnboardingDocumentRead,
  loadSubmission,
  type NewOnboardingDocument,
  onboardingDocument,
  submissionsOf,
} from './store.js';
import { readSubmission } from './upload.js';

/** Sales (role 14) and administrators (role 1) review; another holder of the Leads page may not (403). */
function assertReviewer(auth: AuthContext): void {
  if (!auth.roleid.some((role) => ONBOARDING_REVIEW_ROLES.includes(role)))
    throw forbidden(ONBOARDING_TEXT.notReviewer);
}

/** The organisations the reviewer may put an approved practice in, by name. */
async function organizationOptions(deps: Deps, auth: AuthContext) {
  const visible = await visibleOrganizations(deps.db, auth);
  if (visible !== 'all' && visible.length === 0) return [];
  let q = deps.db
    .selectFrom('organizations')
    .select(['organization_id as value', 'organization_name as label'])
    .orderBy('organization_name')
    .orderBy('organization_id');
  if (visible !== 'all') q = q.where('organization_id', 'in', visible);
  return q.execute();
}

/**
 * Onboarding (issue 42 §1; decisions.md "Onboarding"): the public sign-up with its captcha, per-address limit and
 * documents; the review of a submission (the list is onboarding-submissions, list-store.ts); and a signed-in
 * user's own progress.
 */
export function onboardingRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  // Encapsulated: the multipart parser serves these calls only.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    const files = await openDocumentFiles(deps.config);
    scope.addHook('onClose', async () => files.close());

    registerCall(scope, deps, submitOnboarding, async ({ req }) => {
      // First, before reading a byte of the body: every attempt counts, whatever its outcome.
      await countSubmissionAttempt(db, clock, req.ip);
      const { form, documents } = await readSubmission(req);
      if (!(await deps.captcha.verify(form.captchaToken)))
        throw invalid(ONBOARDING_TEXT.captcha, 'captchaToken');
      const keys: string[] = [];
      try {
        const stored: NewOnboardingDocument[] = [];
        for (const d of documents) {
          const storageKey = await files.save(d.bytes);
          keys.push(storageKey);
          stored.push({
            kind: d.kind,
            fileName: safeFileName(d.name, d.ext),
            contentType: d.mime,
            size: d.bytes.length,
            sha256: createHash('sha256').update(d.bytes).digest('hex'),
            storageKey,
          });
        }
        const at = clock.now();
        const { reference } = await db
          .transaction()
          .execute((trx) => addSubmission(trx, form, stored, { ip: req.ip, at }));
        return {
          message: ONBOARDING_TEXT.submitted,
          data: { reference, next_steps: ONBOARDING_TEXT.nextSteps },
        };
      } catch (error) {
        await Promise.all(keys.map((key) => files.discard(key)));
        throw error;
      }
    });

    registerCall(scope, deps, getOnboardingDocumentFile, async ({ query, auth, req, reply }) => {
      assertReviewer(auth);
      const doc = await onboardingDocument(db, query.document_id);
      const bytes = await files.read(doc.storage_key);
      await auditOnboardingDocumentRead(db, actor(auth, req.ip, clock.now()), doc);
      // Never run by the browser: a download, sandboxed (documents/view-files.ts answerDocumentFile).
      return attachment(reply, doc.file_name, doc.content_type)
        .header('content-security-policy', "sandbox; default-src 'none'")
        .send(bytes);
    });
  });

  registerCall(app, deps, getOnboardingSubmission, async ({ query, auth }) => {
    assertReviewer(auth);
    return {
      data: await loadSubmission(db, query.submission_id),
      organizations: await organizationOptions(deps, auth),
    };
  });

  registerCall(app, deps, startOnboardingReview, async ({ body, auth, req }) => {
    assertReviewer(auth);
    await startReview(db, actor(auth, req.ip, clock.now()), body.submission_id);
    return { message: ONBOARDING_TEXT.started };
  });

  registerCall(app, deps, approveOnboarding, async ({ body, auth, req }) => {
    assertReviewer(auth);
    await assertOrganization(db, await visibleOrganizations(db, auth), body.organization_id);
    const data = await approveSubmission(
      db,
      actor(auth, req.ip, clock.now()),
      body.submission_id,
      body.organization_id,
    );
    return { message: ONBOARDING_TEXT.approved, data };
  });

  registerCall(app, deps, rejectOnboarding, async ({ body, auth, req }) => {
    assertReviewer(auth);
    await rejectSubmission(db, actor(auth, req.ip, clock.now()), body.submission_id, body.reason);
    return { message: ONBOARDING_TEXT.rejected };
  });

  registerCall(app, deps, getMyOnboarding, async ({ auth }) => {
    const user = await db
      .selectFrom('users')
      .select(['username', 'is_onboarding'])
      .where('user_id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    if (!user.is_onboarding) throw forbidden(ONBOARDING_TEXT.notOnboarding);
    return { data: await submissionsOf(db, user.username) };
  });
}
