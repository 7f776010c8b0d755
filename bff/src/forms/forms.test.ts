import {
  addForm,
  FORM_TEXT,
  type FormField,
  type FormRow,
  formsList,
  getForm,
  getFormSubmissions,
  MSG,
  submitForm,
  updateForm,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, type Place, placeOf } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let top: Signed; // role 1: every organisation
let orgAdmin: Signed; // role 2, Northwind: defines and fills in
let lead: Signed; // role 5, Riverside: fills in only
let nurse: Signed; // role 8: no 'form' page
let northwind: Place;
let riverside: Place;
let northwindPatient: number;
let riversidePatient: number;
let intake: number; // Riverside's seeded 'RPM intake questionnaire'

const FIELDS: FormField[] = [
  { key: 'age', label: 'Age', kind: 'number', required: true, options: [] },
  { key: 'smoker', label: 'Smoker', kind: 'yesno', required: false, options: [] },
  { key: 'sleep', label: 'Sleep quality', kind: 'choice', required: true, options: ['Good', 'Poor'] },
];
const definition = (over: Record<string, unknown> = {}) => ({
  organization_id: northwind.organizationId,
  title: 'Sleep intake',
  description: 'Before the first study',
  fields: FIELDS,
  active: true,
  ...over,
});
const listed = async (who: Signed) =>
  (await injectCall(t.app, formsList.calls.list, { query: { rowsPerPage: 100 } }, who)).json()
    .data as FormRow[];
const auditRows = (action: string, id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['user_id', 'detail'])
    .where('action', '=', action)
    .where('entity_id', '=', String(id))
    .execute();
const submit = (who: Signed, body: Record<string, unknown>) =>
  injectUnchecked(
    t.app,
    submitForm,
    { body: { form_id: intake, patient_id: riversidePatient, ...body } },
    who,
  );
const GOOD = { age: 72, lives_alone: true, device_comfort: 'Needs help' };

beforeAll(async () => {
  t = await startTestApp();
  top = await signIn(t.app, 'role1@demo.test');
  orgAdmin = await signIn(t.app, 'role2@demo.test');
  lead = await signIn(t.app, 'role5@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  northwind = await placeOf(t.db, orgAdmin.user.user_id);
  riverside = await placeOf(t.db, lead.user.user_id);
  expect(northwind.organizationId).not.toBe(riverside.organizationId);
  northwindPatient = await makePatient(t.db, northwind);
  riversidePatient = await makePatient(t.db, riverside);
  intake = (
    await t.db
      .selectFrom('forms')
      .select('form_id')
      .where('organization_id', '=', riverside.organizationId)
      .where('title', '=', 'RPM intake questionnaire')
      .executeTakeFirstOrThrow()
  ).form_id;
});
afterAll(async () => t?.close());

describe('Form (000 §2.4 form; decisions.md "Form")', () => {
  it("lists the forms of the user's organisations only; a user without the page is refused", async () => {
    const mine = await listed(orgAdmin);
    expect(mine.map((r) => [r.title, r.status])).toEqual([
      ['RPM intake questionnaire', 'Active'],
      ['Mood check (PHQ-2)', 'Active'],
      ['Paper intake (retired)', 'Inactive'],
    ]);
    expect(mine.every((r) => r.organization_id === northwind.organizationId)).toBe(true);
    expect((await listed(lead)).every((r) => r.organization_id === riverside.organizationId)).toBe(true);
    expect((await injectUnchecked(t.app, formsList.calls.list, { query: {} }, nurse)).statusCode).toBe(403);
    // Another organisation's form is unknown to the user.
    const foreign = await injectCall(t.app, getForm, { query: { form_id: intake } }, orgAdmin);
    expect([foreign.statusCode, foreign.json().field]).toEqual([404, 'form_id']);
  });

  it('lets an administrator add and change a form, each audited; the version goes up', async () => {
    const added = await injectCall(t.app, addForm, { body: definition() }, orgAdmin);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(MSG.addedSuccessfully);
    const id = added.json().data.form_id as number;
    expect(await auditRows('add_form', id)).toEqual([
      {
        user_id: orgAdmin.user.user_id,
        detail: { organization_id: northwind.organizationId, title: 'Sleep intake', fields: 3, active: true },
      },
    ]);
    const fields = [...FIELDS].reverse();
    const { organization_id: _, ...facts } = definition({ title: 'Sleep intake v2', fields, active: false });
    const changed = await injectCall(t.app, updateForm, { body: { form_id: id, ...facts } }, orgAdmin);
    expect([changed.statusCode, changed.json().message]).toEqual([200, MSG.updatedSuccessfully]);
    expect((await auditRows('update_form', id)).map((r) => r.user_id)).toEqual([orgAdmin.user.user_id]);
    const read = await injectCall(t.app, getForm, { query: { form_id: id } }, orgAdmin);
    expect(read.json().data).toMatchObject({ title: 'Sleep intake v2', fields, active: false, version: 2 });
    expect((await listed(orgAdmin)).find((r) => r.form_id === id)).toMatchObject({
      field_count: 3,
      status: 'Inactive',
      submission_count: 0,
      updated_by: 'Marcus Bennett',
    });
    // Another organisation's administrator of nothing here: the form is unknown.
    const { organization_id: __, ...leadFacts } = definition();
    const foreign = await injectCall(
      t.app,
      updateForm,
      { body: { form_id: intake, ...leadFacts } },
      orgAdmin,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a bad definition, a non-administrator and another organisation, naming the field, writing nothing', async () => {
    const before = await rowCounts(t.db, ['forms', 'audit_log']);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'title'],
      [{ fields: [] }, 'fields'],
      [{ fields: [{ ...FIELDS[2], options: ['Only'] }] }, 'fields.0.options'],
      [{ fields: [FIELDS[0], { ...FIELDS[1], key: 'age' }] }, 'fields.1.key'],
      [{ fields: [{ ...FIELDS[0], key: 'Age!' }] }, 'fields.0.key'],
      [{ fields: [{ ...FIELDS[0], kind: 'date' }] }, 'fields.0.kind'],
      [{ fields: Array.from({ length: 31 }, (_, n) => ({ ...FIELDS[0], key: `q${n}` })) }, 'fields'],
    ];
    for (const [over, field] of cases) {
      const res = await injectUnchecked(t.app, addForm, { body: definition(over) }, orgAdmin);
      expect([res.statusCode, res.json().field], field).toEqual([400, field]);
    }
    const few = await injectUnchecked(t.app, addForm, { body: definition(cases[2]?.[0]) }, orgAdmin);
    expect(few.json().message).toContain(FORM_TEXT.fewOptions);
    const byLead = await injectUnchecked(
      t.app,
      addForm,
      { body: definition({ organization_id: riverside.organizationId }) },
      lead,
    );
    expect([byLead.statusCode, byLead.json()]).toEqual([
      403,
      { status: 403, message: FORM_TEXT.notAdministrator, field: 'organization_id' },
    ]);
    const elsewhere = await injectUnchecked(
      t.app,
      addForm,
      { body: definition({ organization_id: riverside.organizationId }) },
      orgAdmin,
    );
    expect([elsewhere.statusCode, elsewhere.json().field]).toEqual([403, 'organization_id']);
    expect(await rowCounts(t.db, ['forms', 'audit_log'])).toEqual(before);
  });

  it("records a patient's checked answers with the fields they answered, audited", async () => {
    const res = await submit(lead, { answers: { ...GOOD, notes: '  ' } });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.submission_id as number;
    expect(await auditRows('submit_form', id)).toEqual([
      {
        user_id: lead.user.user_id,
        detail: { form_id: intake, form_version: 1, patient_id: riversidePatient },
      },
    ]);
    // The administrator changes the form afterwards: the submission keeps the fields it answered.
    const before = (await injectCall(t.app, getForm, { query: { form_id: intake } }, top)).json().data;
    const changed = await injectCall(
      t.app,
      updateForm,
      { body: { form_id: intake, title: before.title, description: '', fields: FIELDS, active: true } },
      top,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const query = { patient_id: riversidePatient, form_id: intake };
    const read = await injectCall(t.app, getFormSubmissions, { query }, lead);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual([
      {
        submission_id: id,
        form_id: intake,
        form_title: 'RPM intake questionnaire',
        form_version: 1,
        fields: before.fields,
        // An optional text left blank is not stored.
        answers: GOOD,
        submitted_by: 'Daniel Okafor',
        submitted_at: expect.any(String),
      },
    ]);
    // Another organisation's user may not read the patient.
    const foreign = await injectCall(t.app, getFormSubmissions, { query }, orgAdmin);
    expect([foreign.statusCode, foreign.json().field]).toEqual([404, 'patient_id']);
  });

  it('refuses bad answers with 400 naming answers.<key>, and forms or patients out of scope, writing nothing', async () => {
    const before = await rowCounts(t.db, ['form_submissions', 'audit_log']);
    // The form now has FIELDS (the previous test changed it).
    const answers = { age: 72, smoker: true, sleep: 'Good' };
    const { age: _, ...noAge } = answers;
    const bad: [Record<string, unknown>, string, string][] = [
      [{ ...answers, age: 'old' }, 'answers.age', FORM_TEXT.number],
      [noAge, 'answers.age', MSG.required],
      [{ ...answers, smoker: 'yes' }, 'answers.smoker', FORM_TEXT.yesno],
      [{ ...answers, sleep: 'Great' }, 'answers.sleep', FORM_TEXT.choice],
      [{ ...answers, shoe_size: 9 }, 'answers.shoe_size', 'shoe_size is not a field of this form'],
    ];
    for (const [given, field, message] of bad) {
      const res = await submit(lead, { answers: given });
      expect([res.statusCode, res.json()], field).toEqual([400, { status: 400, message, field }]);
    }
    const foreignForm = await submit(orgAdmin, { patient_id: northwindPatient, answers });
    expect([foreignForm.statusCode, foreignForm.json().field]).toEqual([404, 'form_id']);
    const foreignPatient = await submit(lead, {
      patient_id: northwindPatient,
      answers: { age: 1, sleep: 'Good' },
    });
    expect([foreignPatient.statusCode, foreignPatient.json().field]).toEqual([404, 'patient_id']);
    // Role 1 reads both, but a form is filled in for its own organisation's patients only.
    const crossed = await submit(top, { patient_id: northwindPatient, answers: { age: 1, sleep: 'Good' } });
    expect([crossed.statusCode, crossed.json()]).toEqual([
      400,
      { status: 400, message: FORM_TEXT.otherOrganization, field: 'patient_id' },
    ]);
    const retired = await t.db
      .selectFrom('forms')
      .select('form_id')
      .where('organization_id', '=', riverside.organizationId)
      .where('active', '=', false)
      .executeTakeFirstOrThrow();
    const inactive = await submit(lead, { form_id: retired.form_id, answers: { history: 'None' } });
    expect([inactive.statusCode, inactive.json().field]).toEqual([409, 'form_id']);
    expect((await submit(nurse, { answers: { age: 1, sleep: 'Good' } })).statusCode).toBe(403);
    expect(await rowCounts(t.db, ['form_submissions', 'audit_log'])).toEqual(before);
  });
});
