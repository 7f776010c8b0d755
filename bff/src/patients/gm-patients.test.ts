import { type GmPatientRow, gmPatientsList } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/guard.js';
import { TEST_TODAY } from '../db/test-database.js';
import { patientScope } from '../scope.js';
import { injectCall, signIn, startTestApp, type TestApp } from '../test-app.js';
import { allListRows } from '../test-rows.js';
import { gmPatientsSource } from './gm-store.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 30, now: TEST_TODAY });
  admin = await signIn(t.app, 'role1@demo.test');
}, 60_000);
afterAll(async () => t?.close());

const allRows = (query: Record<string, string> = {}) =>
  allListRows<GmPatientRow>(t.app, gmPatientsList.calls.list, admin, query);

describe('GM Patients (decisions.md "GM Patients")', () => {
  it('shows every patient with their group, practice, location, programs and devices, as the data has them', async () => {
    const rows = await allRows();
    const patients = await t.db
      .selectFrom('patients as p')
      .innerJoin('organizations as o', 'o.organization_id', 'p.organization_id')
      .innerJoin('locations as l', 'l.location_id', 'p.location_id')
      .select([
        'p.patient_id',
        'p.mrn',
        'p.rpm_status',
        'p.ccm_status',
        'p.bhi_status',
        'o.organization_name',
        'l.location_name',
      ])
      .execute();
    expect(rows.map((r) => r.patient_id).sort((a, b) => a - b)).toEqual(
      patients.map((p) => p.patient_id).sort((a, b) => a - b),
    );
    const open = await t.db
      .selectFrom('device_assignments')
      .select('patient_id')
      .where('unassigned_at', 'is', null)
      .execute();
    for (const row of rows) {
      const p = patients.find((x) => x.patient_id === row.patient_id);
      expect(row).toMatchObject({
        mrn: p?.mrn ?? null,
        organization_name: p?.organization_name,
        location_name: p?.location_name,
        devices: open.filter((a) => a.patient_id === row.patient_id).length,
      });
      // The Program filter's rule (patients/list-sql.ts PROGRAMS): RPM monitored (4-6), CCM other than 30, any BHI.
      const programs = [
        [4, 5, 6].includes(p?.rpm_status as number) && 'RPM',
        p?.ccm_status != null && p.ccm_status !== 30 && 'CCM',
        p?.bhi_status != null && 'BHI',
      ].filter(Boolean);
      expect(row.programs, `patient ${row.patient_id}`).toBe(programs.join(', '));
    }
    expect(rows.some((r) => r.mrn !== null)).toBe(true);
    // By default practice by practice, each practice's patients by name.
    const keys = rows.map((r) => [r.practice_name.toLowerCase(), r.patient_name.toLowerCase()] as const);
    for (let n = 1; n < keys.length; n++) {
      const [a, b] = [keys[n - 1], keys[n]] as [readonly [string, string], readonly [string, string]];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]), `${a} before ${b}`).toBe(true);
    }
  });

  it('finds a patient by MRN', async () => {
    const [withMrn] = (await allRows()).filter((r) => r.mrn !== null);
    const found = await allRows({ search: withMrn?.mrn as string });
    expect(found.map((r) => r.patient_id)).toContain(withMrn?.patient_id);
    for (const row of found) expect(row.mrn?.toLowerCase()).toContain(withMrn?.mrn?.toLowerCase());
  });

  it("shows a user of one practice only that practice's patients", async () => {
    const nurse = await signIn(t.app, 'role8@demo.test');
    const auth = { userId: nurse.user.user_id, roleid: [8] } as unknown as AuthContext;
    const viewer = { auth, scope: await patientScope(t.db, auth), now: t.clock.now() };
    const got = await gmPatientsSource.page(t.db, viewer, {
      orderby: 'practice_name',
      order: 'asc',
      filters: {},
      page: 0,
      rowsPerPage: 100,
    });
    const memberships = await t.db
      .selectFrom('user_practices')
      .select(['practice_id', 'location_id'])
      .where('user_id', '=', nurse.user.user_id)
      .execute();
    const theirs = await t.db
      .selectFrom('patients')
      .select(['patient_id', 'practice_id', 'location_id'])
      .execute();
    const expected = theirs.filter((p) =>
      memberships.some(
        (m) => m.practice_id === p.practice_id && (m.location_id === null || m.location_id === p.location_id),
      ),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(theirs.length);
    expect(got.rows.map((r) => r.patient_id).sort((a, b) => a - b)).toEqual(
      expected.map((p) => p.patient_id).sort((a, b) => a - b),
    );
    // The nurse holds no 'GM Patients': the call itself is refused (000 §2.4).
    expect((await injectCall(t.app, gmPatientsList.calls.list, {}, nurse)).statusCode).toBe(403);
  });
});
