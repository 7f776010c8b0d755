import {
  breakSleepTestLock,
  coSignSleepInterpretation,
  getSleepTest,
  LISTS,
  LOCK_BREAK_REASON_MIN,
  saveSleepInterpretation,
  signSleepInterpretation,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { LOCK_LEASE_MS, takeLock } from './lock-store.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let reader: Signed; // interpreting@ (role 6), Lakeside
let second: Signed; // role16@, Lakeside
let coReader: Signed; // coread@ (role 16, co-reads only), Lakeside
let admin: Signed; // role1@
/** Lakeside studies awaiting interpretation, and a study outside Lakeside. */
let awaiting: number[];
let elsewhere: number;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 60 });
  reader = await signIn(t.app, 'interpreting@demo.test');
  second = await signIn(t.app, 'role16@demo.test');
  coReader = await signIn(t.app, 'coread@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
  const practices = (
    await t.db
      .selectFrom('user_practices')
      .select('practice_id')
      .where('user_id', '=', reader.user.user_id)
      .execute()
  ).map((p) => p.practice_id);
  const studies = await t.db
    .selectFrom('sleep_studies as s')
    .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
    .select(['s.study_id', 'p.practice_id', 's.status', 's.kind'])
    .orderBy('s.study_id')
    .execute();
  awaiting = studies
    .filter(
      (s) =>
        practices.includes(s.practice_id) &&
        s.status === 'awaiting_interpretation' &&
        (s.kind === 'hst' || s.kind === 'psg'),
    )
    .map((s) => s.study_id);
  elsewhere = studies.find((s) => !practices.includes(s.practice_id))?.study_id ?? 0;
  expect(awaiting.length).toBeGreaterThan(2);
  expect(elsewhere).toBeGreaterThan(0);
});
afterAll(async () => {
  await t?.close();
});

const lockFor = async (who: Signed, studyId: number) => {
  const at = t.clock.now();
  const userId = who.user.user_id;
  const roles = await t.db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute();
  const { held, lock } = await takeLock(
    t.db,
    { at, userId, actingUserId: null, ip: '' },
    { userId, roleid: roles.map((r) => r.role_id) },
    studyId,
  );
  expect(held).toBe(true);
  return lock.token;
};
const texts = (impression: string) => ({ findings: 'Adequate study.', impression, recommendations: 'CPAP.' });
const stored = (studyId: number) =>
  t.db.selectFrom('sleep_interpretations').selectAll().where('study_id', '=', studyId).executeTakeFirst();
const statusOf = async (studyId: number) =>
  (
    await t.db
      .selectFrom('sleep_studies')
      .select('status')
      .where('study_id', '=', studyId)
      .executeTakeFirstOrThrow()
  ).status;
const audits = async (action: string, studyId: number) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['detail'])
      .where('action', '=', action)
      .where('entity_id', '=', String(studyId))
      .execute()
  ).length;

describe('sleep interpretation under the lock (issue 15 §2 fencing)', () => {
  it('shows a study with its templates and lock holder, and its worklist row says Locked by {name}', async () => {
    const study = awaiting[0] as number;
    const token = await lockFor(reader, study);
    const res = await injectCall(t.app, getSleepTest, { query: { test_id: study } }, second);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.study).toMatchObject({
      study_id: study,
      status_code: 'awaiting_interpretation',
    });
    expect(data.lock).toEqual({
      user_id: reader.user.user_id,
      name: 'Samuel Adeyemi',
      since: t.clock.now().toISOString(),
    });
    expect(data.templates.length).toBeGreaterThan(0);
    const list = await injectUnchecked(
      t.app,
      LISTS['sleep-tests'].calls.list,
      { query: { search: String(study), study_status: '' } },
      second,
    );
    const row = list.json().data.find((r: { study_id: number }) => r.study_id === study);
    expect(row).toMatchObject({
      locked_by: 'Locked by Samuel Adeyemi',
      locked_since: t.clock.now().toISOString(),
    });
    expect(token).toBeGreaterThan(0);
    // A study outside the caller's scope answers as an unknown one.
    const foreign = await injectCall(t.app, getSleepTest, { query: { test_id: elsewhere } }, reader);
    expect(foreign.statusCode).toBe(404);
    const foreignSave = await injectCall(
      t.app,
      saveSleepInterpretation,
      { body: { test_id: elsewhere, token, ...texts('x') } },
      reader,
    );
    expect(foreignSave.statusCode).toBe(404);
  });

  it('saves a draft with the current token; after the lease lapses the stale token is refused and nothing is written', async () => {
    const study = awaiting[1] as number;
    const token = await lockFor(reader, study);
    const saved = await injectCall(
      t.app,
      saveSleepInterpretation,
      { body: { test_id: study, token, ...texts('Draft one.') } },
      reader,
    );
    expect(saved.statusCode).toBe(200);
    expect((await stored(study))?.impression).toBe('Draft one.');
    expect(await audits('save_sleep_interpretation', study)).toBe(1);
    // No socket renews it: the lease lapses, and a second reader takes the study with a larger token.
    t.clock.advance(LOCK_LEASE_MS + 1);
    const stale = await injectCall(
      t.app,
      saveSleepInterpretation,
      { body: { test_id: study, token, ...texts('Overwrite.') } },
      reader,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().field).toBe('token');
    const newer = await lockFor(second, study);
    expect(newer).toBeGreaterThan(token);
    const late = await injectCall(
      t.app,
      signSleepInterpretation,
      { body: { test_id: study, token, ...texts('Overwrite.') } },
      reader,
    );
    expect(late.statusCode).toBe(409);
    expect((await stored(study))?.impression).toBe('Draft one.');
    expect(await statusOf(study)).toBe('awaiting_interpretation');
    // Someone else's token is no lease of the caller's either.
    const borrowed = await injectCall(
      t.app,
      saveSleepInterpretation,
      { body: { test_id: study, token: newer, ...texts('Overwrite.') } },
      reader,
    );
    expect(borrowed.statusCode).toBe(409);
    expect(await audits('save_sleep_interpretation', study)).toBe(1);
  });

  it('lets only an administrator break a lock, with a reason, after which the holder cannot write', async () => {
    const study = awaiting[2] as number;
    const token = await lockFor(second, study);
    const refused = await injectCall(
      t.app,
      breakSleepTestLock,
      { body: { test_id: study, reason: 'Reader away' } },
      reader,
    );
    expect(refused.statusCode).toBe(403);
    const noReason = await injectCall(
      t.app,
      breakSleepTestLock,
      { body: { test_id: study, reason: ' '.repeat(3) + 'x'.repeat(LOCK_BREAK_REASON_MIN - 1) } },
      admin,
    );
    // A reason of fewer than LOCK_BREAK_REASON_MIN characters (spaces trimmed) is refused, naming the field.
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('reason');
    const broken = await injectCall(
      t.app,
      breakSleepTestLock,
      { body: { test_id: study, reason: 'Reader away' } },
      admin,
    );
    expect(broken.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['detail', 'user_id'])
      .where('action', '=', 'break_sleep_test_lock')
      .where('entity_id', '=', String(study))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).toBe(admin.user.user_id);
    expect(JSON.stringify(rows[0]?.detail)).toContain('Reader away');
    const stale = await injectCall(
      t.app,
      signSleepInterpretation,
      { body: { test_id: study, token, ...texts('Mild obstructive sleep apnea.') } },
      second,
    );
    expect(stale.statusCode).toBe(409);
    expect(await stored(study)).toBeUndefined();
    const again = await injectCall(
      t.app,
      breakSleepTestLock,
      { body: { test_id: study, reason: 'Reader away' } },
      admin,
    );
    expect(again.statusCode).toBe(404);
  });

  it('signs (awaiting interpretation → interpreted) and a second reader co-signs (→ co-read)', async () => {
    const study = awaiting[0] as number;
    await t.db
      .updateTable('sleep_studies')
      .set({ needs_co_read: true })
      .where('study_id', '=', study)
      .execute();
    const token = await lockFor(reader, study);
    const empty = await injectCall(
      t.app,
      signSleepInterpretation,
      { body: { test_id: study, token, ...texts('') } },
      reader,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('impression');
    const signed = await injectCall(
      t.app,
      signSleepInterpretation,
      { body: { test_id: study, token, ...texts('Moderate obstructive sleep apnea.') } },
      reader,
    );
    expect(signed.statusCode).toBe(200);
    expect(await statusOf(study)).toBe('interpreted');
    expect(await stored(study)).toMatchObject({
      signed_by: reader.user.user_id,
      impression: 'Moderate obstructive sleep apnea.',
    });
    const resign = await injectCall(
      t.app,
      signSleepInterpretation,
      { body: { test_id: study, token, ...texts('Changed.') } },
      reader,
    );
    expect(resign.statusCode).toBe(409);
    const self = await injectCall(
      t.app,
      coSignSleepInterpretation,
      { body: { test_id: study, token } },
      reader,
    );
    expect(self.statusCode).toBe(409);
    expect(await statusOf(study)).toBe('interpreted');
    t.clock.advance(LOCK_LEASE_MS + 1);
    // A co-read-only reader (start page Sleep Tests Co-Read, 000 §6.1) opens the view of the study to co-read.
    const view = await injectCall(t.app, getSleepTest, { query: { test_id: study } }, coReader);
    expect(view.statusCode).toBe(200);
    expect(view.json().data.study).toMatchObject({ status_code: 'interpreted', needs_co_read: true });
    const coToken = await lockFor(coReader, study);
    const co = await injectCall(
      t.app,
      coSignSleepInterpretation,
      { body: { test_id: study, token: coToken } },
      coReader,
    );
    expect(co.statusCode).toBe(200);
    expect(await statusOf(study)).toBe('co_read');
    expect(await stored(study)).toMatchObject({ co_reader_id: coReader.user.user_id });
    expect(await audits('sign_sleep_interpretation', study)).toBe(1);
    expect(await audits('co_sign_sleep_interpretation', study)).toBe(1);
  });
});
