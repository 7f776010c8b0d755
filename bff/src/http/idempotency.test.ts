import { addPatientNote, addPatientTask, callUrl } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, placeOf } from '../test-fixtures.js';

let t: TestApp;
let nurse: Awaited<ReturnType<typeof signIn>>;
let patient: number;

beforeAll(async () => {
  t = await startTestApp();
  nurse = await signIn(t.app, 'role8@demo.test');
  patient = await makePatient(t.db, await placeOf(t.db, nurse.user.user_id));
});
afterAll(async () => t.close());

const post = (path: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...nurse.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const notes = async () =>
  Number(
    (
      await t.db
        .selectFrom('patient_notes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('patient_id', '=', patient)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('Idempotency-Key on creating calls (issue 11 #7)', () => {
  it('answers a retry of a note with the first result and writes once', async () => {
    const before = await notes();
    const body = { patient_id: patient, note: 'Called the patient about missed readings' };
    const first = await post(callUrl(addPatientNote), body, 'note-action-0001');
    const retry = await post(callUrl(addPatientNote), body, 'note-action-0001');
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await notes()).toBe(before + 1);
    // Two retries at once: still one note.
    const [a, b] = await Promise.all([
      post(callUrl(addPatientNote), body, 'note-action-0002'),
      post(callUrl(addPatientNote), body, 'note-action-0002'),
    ]);
    expect(a.json().data.note_id).toBe(b.json().data.note_id);
    expect(await notes()).toBe(before + 2);
    // Without a key, each call writes.
    await post(callUrl(addPatientNote), body);
    expect(await notes()).toBe(before + 3);
  });

  it('answers a retry of a task with the first task', async () => {
    const body = { patient_id: patient, assigned_to: nurse.user.user_id, title: 'Check the cuff' };
    const first = await post(callUrl(addPatientTask), body, 'task-action-0001');
    const retry = await post(callUrl(addPatientTask), body, 'task-action-0001');
    expect(first.statusCode).toBe(200);
    expect(retry.json().data.task_id).toBe(first.json().data.task_id);
  });

  it('refuses a key used for another call (422) and a malformed key (400 naming it), writing nothing', async () => {
    const before = await notes();
    const reused = await post(
      callUrl(addPatientNote),
      { patient_id: patient, note: 'x' },
      'task-action-0001',
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().field).toBe('idempotency-key');
    const bad = await post(callUrl(addPatientNote), { patient_id: patient, note: 'x' }, 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('idempotency-key');
    expect(await notes()).toBe(before);
  });
});
