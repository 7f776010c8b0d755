import { dentalCasesList, patientsList, restrictedPages, sleepLabList } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';

/**
 * 000 §6.2's menu restrictions narrow the API too (issue 44: a dentist, a sleep-lab user and an external care
 * coordinator saw one to three entries but could call their whole role's API).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('restricted users call only the pages their menu leaves them', () => {
  it('leaves each restriction its entries and the patient chart', () => {
    const flags = {
      is_dentist: 0,
      is_sleeplab_user: 0,
      is_external_care_coord: 0,
      is_interpreting_prac: 0,
      onlyCoRead: 0,
    } as const;
    expect(restrictedPages({ ...flags, roleid: [6], is_dentist: 1 })).toEqual(
      new Set(['Dental Dashboard', 'Patient Chart']),
    );
    expect(restrictedPages({ ...flags, roleid: [5], is_sleeplab_user: 1 })).toEqual(
      new Set(['Sleep Lab Table', 'Patient Chart']),
    );
    expect(restrictedPages({ ...flags, roleid: [9], is_external_care_coord: 1 })).toEqual(
      new Set(['Practices Table', 'Locations Table', 'Programs Table', 'Patient Chart', 'Dashboard']),
    );
    expect(restrictedPages({ ...flags, roleid: [6] })).toBeNull();
  });

  it.each([
    ['dentist@demo.test', dentalCasesList.calls.list],
    ['sleeplab@demo.test', sleepLabList.calls.list],
  ])("%s opens its own list and gets 403 for its role's Patients Table", async (who, own) => {
    const user = await signIn(t.app, who);
    expect((await injectUnchecked(t.app, own, {}, user)).statusCode).toBe(200);
    const refused = await injectUnchecked(t.app, patientsList.calls.list, {}, user);
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      "You do not have access to 'Patients Table'.",
    ]);
  });
});
