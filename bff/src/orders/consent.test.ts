import { isoDay, type PatientConsentRow } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/guard.js';
import { TEST_TODAY } from '../db/test-database.js';
import { patientScope } from '../scope.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { patientConsentSource } from './consent-store.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 30, now: TEST_TODAY });
});
afterAll(async () => t.close());

describe('Patient Consent (decisions.md "Patient Consent")', () => {
  it("shows each enrolment order's consent and its latest authorisation's state on the clock's day", async () => {
    const who = await signIn(t.app, 'role1@demo.test');
    const auth = { userId: who.user.user_id, roleid: [1] } as unknown as AuthContext;
    const viewer = { auth, scope: await patientScope(t.db, auth), now: t.clock.now() };
    const rows: PatientConsentRow[] = [];
    for (let page = 0; ; page++) {
      const got = await patientConsentSource.page(t.db, viewer, {
        orderby: 'consent_date',
        order: 'desc',
        filters: {},
        page,
        rowsPerPage: 100,
      });
      rows.push(...got.rows);
      if (rows.length >= got.count) break;
    }
    const orders = await t.db
      .selectFrom('enrollment_orders')
      .select(['order_id', 'consent_method'])
      .execute();
    expect(rows.map((r) => r.order_id).sort((a, b) => a - b)).toEqual(
      orders.map((o) => o.order_id).sort((a, b) => a - b),
    );
    const today = isoDay(t.clock.now());
    const authorizations = await t.db
      .selectFrom('order_authorizations')
      .select([
        'order_id',
        'authorization_number',
        'start_date',
        'end_date',
        'recorded_at',
        'authorization_id',
      ])
      .orderBy('recorded_at', 'desc')
      .orderBy('authorization_id', 'desc')
      .execute();
    const seen = new Set<string>();
    for (const row of rows) {
      const latest = authorizations.find((a) => a.order_id === row.order_id);
      const state = !latest
        ? 'None'
        : isoDay(latest.start_date) <= today && today <= isoDay(latest.end_date)
          ? 'Current'
          : 'Expired';
      expect(row.authorization, `order ${row.order_id}`).toBe(state);
      expect(row.authorization_number).toBe(latest?.authorization_number ?? null);
      expect(row.authorized_until).toBe(latest ? isoDay(latest.end_date) : null);
      const method = orders.find((o) => o.order_id === row.order_id)?.consent_method as string;
      expect(row.consent_method.toLowerCase()).toBe(method);
      seen.add(state);
    }
    // The demo has orders in more than one state, so the filter and the sort have something to tell apart.
    expect(seen.size).toBeGreaterThan(1);
  });
});
