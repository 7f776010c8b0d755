import { PATIENT_CHART_TABS } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { CHART_TABS, chartTabPath, parseChartPath } from './chart-tabs';

describe('chart tabs (000 §2.3)', () => {
  it('takes its 19 tabs, in order, from the shared table (the spec list is checked in shared/src/menus.test.ts)', () => {
    expect(CHART_TABS.map((t) => t.label)).toEqual(PATIENT_CHART_TABS.map((t) => t.label));
    expect(CHART_TABS).toHaveLength(19);
    expect(CHART_TABS.find((t) => t.label === 'Orders')).toMatchObject({
      id: 'orders',
      segment: 'enroll-details',
    });
    expect(CHART_TABS.find((t) => t.label === 'Care Plan')).toMatchObject({
      id: 'care-plan',
      segment: 'ccm',
    });
  });

  it.each([
    ['/app/patient-chart/overview/12', 'overview', 12, null, []],
    ['/app/patient-chart/overview/12/new', 'overview', 12, null, ['new']],
    ['/app/patient-chart/overview', 'overview', null, null, []],
    ['/app/patient-chart/demographics/3', 'demographics', 3, null, []],
    ['/app/patient-chart/alert-rules/7', 'alert-rules', 7, null, []],
    ['/app/patient-chart/bp/alert-rules/7', 'alert-rules', 7, 'bp', []],
    ['/app/patient-chart/notes/9/add/2', 'notes', 9, null, ['add', '2']],
    ['/app/patient-chart/enroll-details/4', 'orders', 4, null, []],
    ['/app/patient-chart/ccm/4', 'care-plan', 4, null, []],
    ['/app/patient-chart/messages/4', 'messages', 4, null, []],
    ['/app/patient-chart/tips/4', null, 4, null, []],
    ['/app/patient-chart/authorization-history', null, null, null, []],
    ['/app/patient-chart/overview/abc', 'overview', null, null, []],
  ])('%s', (path, tabId, patientId, deviceType, rest) => {
    expect(parseChartPath(path)).toMatchObject({ tabId, patientId, deviceType, rest });
  });

  it.each(['/app/patients', '/app/patient-chart/unknown/1'])('%s is not a chart route', (path) => {
    expect(parseChartPath(path)).toBeNull();
  });

  it('builds every tab route back to the same tab', () => {
    for (const tab of CHART_TABS) expect(parseChartPath(chartTabPath(tab, 5))?.tabId).toBe(tab.id);
  });
});
