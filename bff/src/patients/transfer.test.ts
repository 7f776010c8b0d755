import { callUrl, getTransferCoordinators, TRANSFER_MAX, transferPatients } from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/guard.js';
import { TEST_TODAY } from '../db/test-database.js';
import { LIST_SOURCES } from '../embedded.js';
import { patientScope } from '../scope.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 2: holds 'Care Coord Mapping'
let nurse: Signed; // role 8: does not

const offered = (who: Signed, patientIds: string) =>
  t.app.inject({
    method: 'GET',
    url: `${callUrl(getTransferCoordinators)}?patient_id=${patientIds}`,
    headers: who.headers,
  });
const transfer = (who: Signed, payload: object) =>
  t.app.inject({ method: 'POST', url: callUrl(transferPatients), headers: who.headers, payload });

/** Patients the user may read, with their practice and coordinator. */
const patientsOf = async (who: Signed, roleid: number) => {
  const scope = await patientScope(t.db, { userId: who.user.user_id, roleid: [roleid] });
  const { rows } = await sql<{ patient_id: number; practice_id: number; care_coordinator_id: number | null }>`
    select p.patient_id, p.practice_id, p.care_coordinator_id from patients p where ${scope.visible('p')}
    order by p.patient_id`.execute(t.db);
  return rows;
};
const coordinatorOf = async (patientId: number) =>
  (
    await t.db
      .selectFrom('patients')
      .select('care_coordinator_id')
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow()
  ).care_coordinator_id;
const transferAudits = async () =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['entity_id', 'detail', 'user_id'])
      .where('action', '=', 'transfer_patient')
      .orderBy('audit_id')
      .execute()
  ).map((row) => ({ ...row, detail: typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail }));

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 20, now: TEST_TODAY });
  admin = await signIn(t.app, 'role2@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('Patient Transfer (000 §2.4 Care Coord Mapping; decisions.md "Patient Transfer")', () => {
  it('offers the active care coordinators who may read every chosen patient', async () => {
    const mine = await patientsOf(admin, 2);
    const [a, b] = mine;
    if (!a || !b) throw new Error('the admin needs two patients');
    const res = await offered(admin, `${a.patient_id},${b.patient_id}`);
    expect(res.statusCode).toBe(200);
    const people = res.json().data as { user_id: number; name: string }[];
    expect(people.length).toBeGreaterThan(0);
    for (const person of people) {
      const { rows } = await sql<{ ok: boolean }>`select u.active
        and exists (select 1 from user_roles r where r.user_id = u.user_id and r.role_id = 9)
        and (select count(distinct p.patient_id) from patients p join user_practices up
          on up.user_id = u.user_id and up.practice_id = p.practice_id
            and (up.location_id is null or up.location_id = p.location_id)
          where p.patient_id in (${a.patient_id}, ${b.patient_id})) = 2 as ok
        from users u where u.user_id = ${person.user_id}`.execute(t.db);
      expect(rows[0]?.ok).toBe(true);
    }
    // Every eligible coordinator is offered, in name order.
    const { rows: eligible } = await sql<{ user_id: number }>`select u.user_id from users u
      where u.active and exists (select 1 from user_roles r where r.user_id = u.user_id and r.role_id = 9)
        and not exists (select 1 from patients p where p.patient_id in (${a.patient_id}, ${b.patient_id})
          and not exists (select 1 from user_practices up where up.user_id = u.user_id
            and up.practice_id = p.practice_id and (up.location_id is null or up.location_id = p.location_id)))
      order by lower(u.lastname), lower(u.firstname), u.user_id`.execute(t.db);
    expect(people.map((p) => p.user_id)).toEqual(eligible.map((e) => e.user_id));
  });

  it('hands the patients over in one go, with an audit row per patient changed, and the list follows', async () => {
    const mine = await patientsOf(admin, 2);
    const practice = mine[0]?.practice_id;
    const chosen = mine.filter((p) => p.practice_id === practice).slice(0, 3);
    expect(chosen.length).toBe(3);
    const ids = chosen.map((p) => p.patient_id);
    // A coordinator of another practice joins this one: nobody's coordinator here yet, so every patient moves.
    const { rows: joining } = await sql<{ user_id: number }>`select u.user_id from users u
      where exists (select 1 from user_roles r where r.user_id = u.user_id and r.role_id = 9) and u.active
        and not exists (select 1 from user_practices up where up.user_id = u.user_id
          and up.practice_id = ${practice as number}) order by u.user_id limit 1`.execute(t.db);
    const joiner = joining[0]?.user_id as number;
    expect(joiner).toBeDefined();
    const people = async () =>
      (await offered(admin, ids.join(','))).json().data as { user_id: number; name: string }[];
    expect((await people()).map((p) => p.user_id)).not.toContain(joiner);
    await t.db
      .insertInto('user_practices')
      .values({ user_id: joiner, practice_id: practice as number })
      .execute();
    const to = (await people()).find((p) => p.user_id === joiner) as { user_id: number; name: string };
    expect(to).toBeDefined();
    const moving = chosen;
    const auditsBefore = (await transferAudits()).length;

    const res = await transfer(admin, { patient_id: ids, care_coordinator_id: to.user_id });
    expect(res.statusCode).toBe(200);
    const plural = moving.length === 1 ? '1 patient' : `${moving.length} patients`;
    expect(res.json()).toEqual({
      status: 1,
      message: `${plural} transferred to ${to.name}`,
      data: { transferred: moving.length },
    });
    for (const id of ids) expect(await coordinatorOf(id)).toBe(to.user_id);
    const audits = (await transferAudits()).slice(auditsBefore);
    expect(audits.map((a) => Number(a.entity_id)).sort((x, y) => x - y)).toEqual(
      moving.map((m) => m.patient_id).sort((x, y) => x - y),
    );
    for (const row of audits) {
      const was = moving.find((m) => m.patient_id === Number(row.entity_id));
      expect(row.detail).toEqual({ from: was?.care_coordinator_id ?? null, to: to.user_id });
      expect(row.user_id).toBe(admin.user.user_id);
    }

    // The list, filtered by the new coordinator, holds them (patient_list_state follows the change).
    const auth = { userId: admin.user.user_id, roleid: [2] } as unknown as AuthContext;
    const viewer = { auth, scope: await patientScope(t.db, auth), now: t.clock.now() };
    const page = await LIST_SOURCES['patient-transfer'].page(t.db, viewer, {
      orderby: 'patient_name',
      order: 'asc',
      filters: { care_coordinator: [String(to.user_id)] },
      page: 0,
      rowsPerPage: 100,
    });
    expect(page.rows.map((r) => (r as { patient_id: number }).patient_id)).toEqual(
      expect.arrayContaining(ids),
    );

    // Again: nobody moves, nothing is audited.
    const again = await transfer(admin, { patient_id: ids, care_coordinator_id: to.user_id });
    expect(again.json()).toMatchObject({
      message: `0 patients transferred to ${to.name}`,
      data: { transferred: 0 },
    });
    expect((await transferAudits()).length).toBe(auditsBefore + audits.length);
  });

  it('refuses a user who is not an eligible care coordinator, writing nothing', async () => {
    const [patient] = await patientsOf(admin, 2);
    if (!patient) throw new Error('the admin needs a patient');
    const before = await coordinatorOf(patient.patient_id);
    // The nurse is not a care coordinator; a coordinator outside the patient's practice may not read the patient.
    const { rows: outsider } = await sql<{ user_id: number }>`select u.user_id from users u
      where exists (select 1 from user_roles r where r.user_id = u.user_id and r.role_id = 9)
        and not exists (select 1 from user_practices up where up.user_id = u.user_id
          and up.practice_id = ${patient.practice_id}) limit 1`.execute(t.db);
    for (const who of [nurse.user.user_id, outsider[0]?.user_id]) {
      expect(who).toBeDefined();
      const res = await transfer(admin, { patient_id: [patient.patient_id], care_coordinator_id: who });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('care_coordinator_id');
    }
    expect(await coordinatorOf(patient.patient_id)).toBe(before);
  });

  it('refuses every patient when one is outside the user’s scope, with the 404 of an unknown patient', async () => {
    const mine = await patientsOf(admin, 2);
    const [patient] = mine;
    if (!patient) throw new Error('the admin needs a patient');
    const { rows } = await sql<{ patient_id: number }>`select patient_id from patients
      where patient_id not in (${sql.join(mine.map((p) => p.patient_id))}) limit 1`.execute(t.db);
    const foreign = rows[0]?.patient_id as number;
    expect(foreign).toBeDefined();
    const people = (await offered(admin, String(patient.patient_id))).json().data as { user_id: number }[];
    const to = people.find((p) => p.user_id !== patient.care_coordinator_id) ?? people[0];
    const before = await coordinatorOf(patient.patient_id);
    for (const ids of [
      [patient.patient_id, foreign],
      [patient.patient_id, 2_000_000],
    ]) {
      const res = await transfer(admin, { patient_id: ids, care_coordinator_id: to?.user_id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ field: 'patient_id', message: `Patient ${ids[1]} does not exist.` });
      const ask = await offered(admin, ids.join(','));
      expect(ask.statusCode).toBe(404);
    }
    expect(await coordinatorOf(patient.patient_id)).toBe(before);
  });

  it('answers bad input with a 400 naming the field, and a role without the page with 403', async () => {
    const [patient] = await patientsOf(admin, 2);
    const id = patient?.patient_id as number;
    const tooMany = Array.from({ length: TRANSFER_MAX + 1 }, (_, n) => n + 1);
    for (const [payload, field] of [
      [{ patient_id: [], care_coordinator_id: 1 }, 'patient_id'],
      [{ patient_id: tooMany, care_coordinator_id: 1 }, 'patient_id'],
      [{ patient_id: ['x'], care_coordinator_id: 1 }, 'patient_id'],
      [{ patient_id: [id] }, 'care_coordinator_id'],
      [{ patient_id: [id], care_coordinator_id: -3 }, 'care_coordinator_id'],
    ] as const) {
      const res = await transfer(admin, payload as object);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toMatch(new RegExp(`^${field}`));
    }
    for (const query of ['', 'abc', `${id},0`]) {
      const res = await offered(admin, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toMatch(/^patient_id/);
    }
    expect((await offered(nurse, String(id))).statusCode).toBe(403);
    expect((await transfer(nurse, { patient_id: [id], care_coordinator_id: 1 })).statusCode).toBe(403);
  });
});
