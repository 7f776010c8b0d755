import {
  addForm,
  checkFormAnswers,
  getForm,
  getFormSubmissions,
  MSG,
  submitForm,
  updateForm,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { invalid } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { once } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import {
  assertFormAdministrator,
  assertFormOrganization,
  updateForm as changeForm,
  formInScope,
  addForm as insertForm,
  submitForm as insertSubmission,
  patientSubmissions,
} from './store.js';

/** Form's calls (decisions.md "Form"); the list is registered with every list. */
export function formRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, addForm, async ({ body, auth, req, headers }) => {
    assertFormAdministrator(auth, 'organization_id');
    await assertFormOrganization(db, auth, body.organization_id);
    const who = actor(auth, req.ip, clock.now());
    return once(db, auth.userId, addForm, headers['idempotency-key'], who.at, async (trx) => ({
      message: MSG.addedSuccessfully,
      data: await insertForm(trx, who, body.organization_id, body),
    }));
  });

  registerCall(app, deps, updateForm, async ({ body, auth, req }) => {
    assertFormAdministrator(auth, 'form_id');
    await changeForm(db, actor(auth, req.ip, clock.now()), auth, body.form_id, body);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, getForm, async ({ query, auth }) => ({
    data: await formInScope(db, auth, query.form_id),
  }));

  registerCall(app, deps, submitForm, async ({ body, auth, req, headers }) => {
    const form = await formInScope(db, auth, body.form_id);
    const place = await assertPatientAccess(db, auth, body.patient_id);
    // The one check the screen makes too (shared/src/form-fields.ts); its first problem names the answer.
    const checked = checkFormAnswers(form.fields, body.answers);
    if ('problems' in checked) {
      const [first] = checked.problems;
      throw invalid(first?.message ?? MSG.required, first?.key ? `answers.${first.key}` : 'answers');
    }
    const who = actor(auth, req.ip, clock.now());
    return once(db, auth.userId, submitForm, headers['idempotency-key'], who.at, async (trx) => ({
      message: MSG.addedSuccessfully,
      data: await insertSubmission(trx, who, form, place, checked.answers),
    }));
  });

  registerCall(app, deps, getFormSubmissions, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await patientSubmissions(db, auth, query.patient_id, query.form_id) };
  });
}
