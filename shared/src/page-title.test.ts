import { describe, expect, it } from 'vitest';
import { pageTitle, showsTitle } from './page-title.js';

describe('pageTitle (000 §2.1)', () => {
  it.each([
    ['/app/dashboard', 'dashboard'],
    ['/app/monthly-report', 'monthly report'],
    ['/app/billing-report-fixed', 'billing report fixed'],
    ['/app/global-reports/', 'global reports'],
    ['/app/CPT-codes', 'CPT codes'],
    ['/app/monthly-report?month=3#top', 'monthly report'],
    ['/app/ActiveNotifications/monitor', 'monitor'],
    ['/app/pending/rpm/orders', 'orders'],
    // trailing numeric ids are skipped (our choice)
    ['/app/myTasks/12', 'myTasks'],
    ['/app/ccm-defaults/4', 'ccm defaults'],
    ['/app/ActiveNotifications/monitor/12', 'monitor'],
    ['/app/x/12/34', 'x'],
    ['/app/12', 'app'],
    // under the patient chart: the third segment
    ['/app/patient-chart/overview/12', 'overview'],
    ['/app/patient-chart/overview/12/new', 'overview'],
    ['/app/patient-chart/compliance-info/12', 'compliance info'],
    ['/app/patient-chart/notes/12/add/3', 'notes'],
    ['/app/patient-chart/authorization-history', 'authorization history'],
    ['/app/patient-chart/alert-rules/5', 'alert rules'],
    ['/app/patient-chart/bp/alert-rules/5', 'alert rules'],
    ['/app/patient-chart', 'patient chart'],
    ['/app', 'app'],
    ['/', ''],
    ['', ''],
  ])('%j → %j', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });
});

describe('showsTitle (000 §2.1)', () => {
  it.each([
    ['/app', false],
    ['/app/', false],
    ['/app/crm-dashboard', false],
    ['/app/crm-dashboard/', false],
    ['/app/crypto-dashboard', false],
    ['/app/crypto-dashboard/', false],
    ['/app?x=1', false],
    ['/app/dashboard', true],
    ['/app/crm-dashboard/12', true],
    ['/app/patient-chart/overview/12', true],
    ['/app/sales-dashboard', true],
  ])('%j → %s', (path, shown) => {
    expect(showsTitle(path)).toBe(shown);
  });
});
