// Over 300 lines: registration's every refused field and the Demographics save, on one seeded database.
import {
  addPatient,
  findDuplicatePatients,
  getPatientDetailById,
  getRegistrationOptions,
  type NewPatientInput,
  POSSIBLE_DUPLICATE,
  STALE_PATIENT_EDIT,
  updatePatientDemographics,
} from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TODAY } from '../db/test-database.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { type Place, placeElsewhere, placeOf } from '../test-fixtures.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 2: registers and edits
let scheduler: Signed; // role 15: the front desk
let nurse: Signed; // role 8: reads charts, may not register
let place: Place;
let serial = 0;

/** A new MRN, date of birth and mobile for each record, so no record is another's possible duplicate. */
function nextPerson() {
  serial++;
  return {
    mrn: `T-${String(serial).padStart(5, '0')}`,
    dob: `${1940 + serial}-07-09`,
    mobile: `40455${String(serial).padStart(5, '0')}`,
  };
}

/** A complete, valid registration in the admin's first practice. */
function record(change: Partial<NewPatientInput> = {}): NewPatientInput {
  return {
    firstname: 'Mary-Kate',
    lastname: "O'Brien",
    gender: 'F',
    phone: null,
    email: 'mary@example.org',
    address_line1: '12 Peachtree St',
    address_line2: null,
    city: 'Atlanta',
    state: 'GA',
    zip: '30301',
    language_id: 1,
    ...nextPerson(),
    insurance_plan_id: null,
    insurance_member_id: null,
    diagnosis_codes: ['I10', 'e11.9'],
    physician_id: null,
    care_coordinator_id: null,
    practice_id: place.practiceId,
    location_id: place.locationId,
    programs: { RPM: 3, CCM: 1, BHI: null, PCM: null, RTM: 2 },
    ...change,
  };
}

const register = (body: unknown, who: Signed = admin) => injectUnchecked(t.app, addPatient, { body }, who);
const demographics = async (patientId: number) =>
  (
    await injectCall(
      t.app,
      getPatientDetailById,
      { body: { patient_id: patientId, type: 'demographics' } },
      admin,
    )
  ).json().data;
const audits = (action: string, entityId: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['detail', 'user_id'])
    .where('action', '=', action)
    .where('entity_id', '=', String(entityId))
    .orderBy('audit_id')
    .execute()
    .then((rows) =>
      rows.map((r) => ({ ...r, detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail })),
    );
const patientCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('patients')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 20, now: TEST_TODAY });
  admin = await signIn(t.app, 'role2@demo.test');
  scheduler = await signIn(t.app, 'role15@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  place = await placeOf(t.db, admin.user.user_id);
});
afterAll(async () => {
  await t.close();
});

describe('registration (issue 38 §1; decisions.md "Patient registration")', () => {
  it('registers a patient with every field, first statuses, diagnoses and an audit row', async () => {
    const body = record();
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    const id = res.json().data.patient_id as number;
    const stored = await demographics(id);
    expect(stored).toMatchObject({
      firstname: 'Mary-Kate',
      lastname: "O'Brien",
      dob: body.dob,
      mobile: body.mobile,
      email: 'mary@example.org',
      state: 'GA',
      zip: '30301',
      mrn: body.mrn,
      diagnosis_code: 'I10',
      prac_id: place.practiceId,
      org_id: place.organizationId,
      version: 1,
      merged_into_id: null,
    });
    const row = await t.db
      .selectFrom('patients')
      .select(['rpm_status', 'ccm_status', 'bhi_status', 'rtm_status', 'pcm_status'])
      .where('patient_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rpm_status: 3, ccm_status: 1, bhi_status: null, rtm_status: 2, pcm_status: null });
    const diagnoses = await t.db
      .selectFrom('patient_diagnoses')
      .select(['icd10_code', 'is_primary'])
      .where('patient_id', '=', id)
      .orderBy('diagnosis_id')
      .execute();
    expect(diagnoses).toEqual([
      { icd10_code: 'I10', is_primary: true },
      { icd10_code: 'E11.9', is_primary: false },
    ]);
    const history = await t.db
      .selectFrom('patient_status_changes')
      .select(['program', 'from_status', 'to_status'])
      .where('patient_id', '=', id)
      .orderBy('program')
      .execute();
    expect(history).toEqual([
      { program: 'CCM', from_status: null, to_status: 1 },
      { program: 'RPM', from_status: null, to_status: 3 },
      { program: 'RTM', from_status: null, to_status: 2 },
    ]);
    const [entry] = await audits('register_patient', id);
    expect(entry?.user_id).toBe(admin.user.user_id);
    expect(entry?.detail).toMatchObject({ practice_id: place.practiceId, mrn: body.mrn });
    // The lists see the new patient at once (patient_list_state follows the insert).
    const { rows } = await sql<{ lastname: string }>`select lastname from patient_list_state
      where patient_id = ${id}`.execute(t.db);
    expect(rows[0]?.lastname).toBe("O'Brien");
  });

  it('lets the front desk (role 15) register, and refuses a nurse (403), writing nothing', async () => {
    expect((await register(record(), scheduler)).statusCode).toBe(200);
    const before = await patientCount();
    const res = await register(record(), nurse);
    expect(res.statusCode).toBe(403);
    expect(await patientCount()).toBe(before);
    expect((await injectCall(t.app, getRegistrationOptions, { query: {} }, nurse)).statusCode).toBe(403);
  });

  it.each([
    ['firstname', ''],
    ['firstname', 'R0sa'],
    ['lastname', 'Hill!'],
    ['dob', '1948-02-30'],
    ['dob', '2999-01-01'],
    ['dob', '1850-01-01'],
    ['gender', 'X'],
    ['mobile', '404555019'],
    ['phone', '40455501990'],
    ['email', 'mary@'],
    ['state', 'XX'],
    ['zip', '3030'],
    ['language_id', 99],
    ['mrn', ''],
    ['mrn', 'M 1'],
    ['insurance_plan_id', 9999, { insurance_member_id: 'MBI-1' }],
    ['diagnosis_codes', []],
    ['diagnosis_codes', ['I10', 'I10']],
    ['diagnosis_codes.0', ['110']],
    ['physician_id', 1],
    ['care_coordinator_id', 1],
    ['location_id', 999999],
    ['programs.RPM', 1],
    ['programs.CCM', 4],
  ] as [string, unknown, Partial<NewPatientInput>?][])(
    'refuses a bad %s (%j) with a 400 naming it, writing nothing',
    async (field, value, also = {}) => {
      const before = await patientCount();
      const key = field.split('.')[0] as keyof NewPatientInput;
      const body =
        key === 'programs'
          ? record({ programs: { ...record().programs, [field.split('.')[1] as string]: value } })
          : record({ [key]: value, ...also } as Partial<NewPatientInput>);
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      expect(await patientCount()).toBe(before);
    },
  );

  it('needs the member id once a plan is chosen', async () => {
    const res = await register(record({ insurance_plan_id: 1, insurance_member_id: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('insurance_member_id');
    expect((await register(record({ insurance_plan_id: 1, insurance_member_id: 'MBI-1' }))).statusCode).toBe(
      200,
    );
  });

  it('answers a practice the user does not belong to as unknown, writing nothing', async () => {
    const elsewhere = await placeElsewhere(t.db, place);
    const before = await patientCount();
    const res = await register(
      record({ practice_id: elsewhere.practiceId, location_id: elsewhere.locationId }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBe('practice_id');
    expect(await patientCount()).toBe(before);
  });

  it('refuses an MRN taken in the practice (409 naming mrn), whatever the case', async () => {
    const first = record();
    expect((await register(first)).statusCode).toBe(200);
    const before = await patientCount();
    const res = await register(
      record({ mrn: first.mrn.toLowerCase(), lastname: 'Other', confirm_duplicates: true } as never),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('mrn');
    expect(await patientCount()).toBe(before);
  });

  it('holds a possible duplicate until confirmed, and the check names the candidates', async () => {
    const first = record({ lastname: 'Hill', firstname: 'Rosa', dob: '1951-04-05', mobile: '4045550123' });
    const id = (await register(first)).json().data.patient_id as number;
    const again = record({ lastname: 'HILL', firstname: 'Rosa', dob: '1951-04-05', mobile: null });

    const check = await injectCall(
      t.app,
      findDuplicatePatients,
      {
        body: {
          practice_id: place.practiceId,
          lastname: 'hill',
          dob: '1951-04-05',
          mrn: again.mrn,
          mobile: '4045550123',
        },
      },
      admin,
    );
    expect(check.statusCode).toBe(200);
    const found = check.json().data;
    expect(found.candidates).toEqual([
      expect.objectContaining({
        patient_id: id,
        mrn: first.mrn,
        dob: '1951-04-05',
        practice_id: place.practiceId,
        reasons: ['name_dob', 'mobile'],
      }),
    ]);

    const held = await register(again);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ field: 'confirm_duplicates', message: POSSIBLE_DUPLICATE });
    const confirmed = await register({ ...again, confirm_duplicates: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.patient_id).not.toBe(id);
  });

  it('answers a retry with the same Idempotency-Key once', async () => {
    const body = record();
    const headers = { 'idempotency-key': `register-${body.mrn}` };
    const one = await injectUnchecked(t.app, addPatient, { body, headers }, admin);
    const two = await injectUnchecked(t.app, addPatient, { body, headers }, admin);
    expect(one.statusCode).toBe(200);
    expect(two.json().data.patient_id).toBe(one.json().data.patient_id);
  });
});

describe('the Demographics edit (issue 38 §1)', () => {
  /** The editable fields of a stored patient, as the tab's form sends them. */
  const formOf = (p: Record<string, unknown>) => ({
    patient_id: p.patient_id as number,
    version: p.version as number,
    firstname: p.firstname,
    lastname: p.lastname,
    dob: p.dob,
    gender: p.gender,
    mobile: p.mobile,
    phone: p.phone,
    email: p.email,
    address_line1: p.address_line1,
    address_line2: p.address_line2,
    city: p.city,
    state: p.state,
    zip: p.zip,
    language_id: p.language_id,
    mrn: p.mrn,
    insurance_plan_id: p.insurance_plan_id,
    insurance_member_id: p.insurance_member_id,
    physician_id: p.phy_id,
    care_coordinator_id: p.care_coordinator_id,
    location_id: p.loc_id,
  });
  const save = (body: unknown, who: Signed = admin) =>
    injectUnchecked(t.app, updatePatientDemographics, { body }, who);

  it('saves, bumps the version and audits each changed field before and after', async () => {
    const id = (await register(record())).json().data.patient_id as number;
    const form = formOf(await demographics(id));
    const res = await save({ ...form, city: 'Decatur', mobile: '4045550111' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(2);
    expect(await demographics(id)).toMatchObject({ city: 'Decatur', mobile: '4045550111', version: 2 });
    const [entry] = await audits('update_demographics', id);
    expect(entry?.detail).toEqual({
      version: 2,
      changes: {
        city: { before: 'Atlanta', after: 'Decatur' },
        mobile: { before: form.mobile, after: '4045550111' },
      },
    });
  });

  it('refuses a stale edit (409 naming version) and keeps the newer save', async () => {
    const id = (await register(record())).json().data.patient_id as number;
    const opened = formOf(await demographics(id));
    expect((await save({ ...opened, city: 'Marietta' })).statusCode).toBe(200);
    const stale = await save({ ...opened, city: 'Savannah' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ field: 'version', message: STALE_PATIENT_EDIT });
    expect((await demographics(id)).city).toBe('Marietta');
  });

  it('writes nothing when nothing changed', async () => {
    const id = (await register(record())).json().data.patient_id as number;
    const res = await save(formOf(await demographics(id)));
    expect(res.json().data.version).toBe(1);
    expect(await audits('update_demographics', id)).toEqual([]);
  });

  it('refuses a nurse (403), a bad field (400 naming it) and an MRN another patient holds (409)', async () => {
    const id = (await register(record())).json().data.patient_id as number;
    const other = record();
    await register(other);
    const form = formOf(await demographics(id));
    expect((await save({ ...form, city: 'Athens' }, nurse)).statusCode).toBe(403);
    const bad = await save({ ...form, zip: 'ABCDE' });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'zip']);
    const taken = await save({ ...form, mrn: other.mrn });
    expect([taken.statusCode, taken.json().field]).toEqual([409, 'mrn']);
    expect((await demographics(id)).version).toBe(1);
  });
});
