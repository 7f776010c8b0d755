// Over 300 lines: the Alert Rules tab’s flows (list, form, status dialogs, snooze) share one fake chart server.
import {
  addNotificationRule,
  cancelRuleSnooze,
  correctThresholds,
  getAllIntervals,
  getAllVitals,
  getNotificationRules,
  getPatientDevices,
  getVitalsDefaults,
  IVR_SPEECH,
  MSG,
  resumeRule,
  snoozeRuleBound,
  terminateRule,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { AlertRulesTab, matchesDeviceType } from './AlertRulesTab';
import { cuff as device, rule, serveChart } from './chart-test-server';
import { speakIvrNote } from './rule-form/IvrNoteField';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

const ok = () => ({ status: 1, message: 'Done', data: { continued_rule_id: 40 } });

/** The calls of the rule form. */
const formData = (server: FakeServer) =>
  server
    .on(getPatientDevices, () => ({ status: 1, data: [device] }))
    .on(getAllIntervals, () => ({ status: 1, data: [{ interval_id: 1, interval_type: 'Day', days: 1 }] }))
    .on(getAllVitals, () => ({
      status: 1,
      data: [
        {
          vital_id: 1,
          vital_type: 'systolic',
          unit: 'mmHg',
          device_type_id: 1,
          device_type: 'BP',
          slider_max: 220,
        },
      ],
    }))
    .on(getVitalsDefaults, () => ({ status: 1, data: [] }));

/** Renders the tab; `handlers` adds or replaces answers of the chart's fake server. */
function open(handlers: (server: FakeServer) => void = () => undefined) {
  storeUser(makeUser({ user_id: 42, roleid: [2], pages: ['Patient Chart'] }));
  const fetch = formData(serveChart());
  handlers(fetch);
  renderWithProviders(<AlertRulesTab patientId={5} />, '/app/patient-chart/alert-rules/5');
  return { fetch, user: userEvent.setup() };
}

const listQueries = (fetch: FakeServer) => fetch.requests(getNotificationRules).map((r) => r.query.status);

describe('AlertRulesTab (001 §2.2, §4, §5)', () => {
  it('lists the rules with the columns of the spec and filters by status', async () => {
    const { fetch, user } = open();
    expect(await screen.findByText('BP Cuff (860000000000001)')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Device',
      'Interval',
      'Start Date',
      'End Date',
      'Monitoring Levels',
      'Status',
      'Edit',
    ]);
    expect(screen.getByText('12/31/2099')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'InActive');
    await waitFor(() => expect(listQueries(fetch)).toEqual(['0', '2']));
  });

  it('turning a rule off asks when to resume; Save terminates and continues', async () => {
    const { fetch, user } = open((s) => s.on(terminateRule, ok));
    await user.click(await screen.findByRole('switch', { name: 'Status of BP Cuff' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.resumeMonitoring });
    expect(fetch.bodies(terminateRule)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.bodies(terminateRule)).toHaveLength(1));
    expect(fetch.bodies(terminateRule)[0]).toMatchObject({
      notification_rule_id: 31,
      device_assign_id: 21,
      terminated_by: 42,
      is_continue: true,
      end_date: '2099-12-31',
    });
    await waitFor(() => expect(listQueries(fetch)).toHaveLength(2));
  });

  it('the resume dialog refuses an end before the start with Invalid Date', async () => {
    const { fetch, user } = open((s) => s.on(terminateRule, ok));
    await user.click(await screen.findByRole('switch', { name: 'Status of BP Cuff' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.resumeMonitoring });
    const end = within(dialog).getByLabelText('End Date');
    await user.clear(end);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText(MSG.invalidDate).length).toBeGreaterThan(0);
    expect(fetch.bodies(terminateRule)).toEqual([]);
  });

  it('No terminates without continuing', async () => {
    const { fetch, user } = open((s) => s.on(terminateRule, ok));
    await user.click(await screen.findByRole('switch', { name: 'Status of BP Cuff' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.resumeMonitoring });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(fetch.bodies(terminateRule)).toHaveLength(1));
    expect(fetch.bodies(terminateRule)[0]).toMatchObject({ is_continue: false });
  });

  it('turning an inactive rule on resumes it; a failure shows the error and leaves the switch', async () => {
    const { fetch, user } = open((s) =>
      s
        .on(getNotificationRules, () => ({ status: 1, data: [{ ...rule, status: 2 as const }] }))
        .fail(resumeRule, 409, 'Overlapping rule'),
    );
    const toggle = await screen.findByRole('switch', { name: 'Status of BP Cuff' });
    expect(toggle).toHaveProperty('checked', false);
    await user.click(toggle);
    expect(await screen.findByText('Overlapping rule')).toBeTruthy();
    expect(fetch.bodies(resumeRule)[0]).toMatchObject({
      notification_rule_id: [31],
      device_assign_id: 21,
    });
    expect(screen.getByRole('switch', { name: 'Status of BP Cuff' })).toHaveProperty('checked', false);
  });

  it('adds a rule with the default dates after checking the form', async () => {
    const { fetch, user } = open((s) =>
      s.on(addNotificationRule, () => ({ status: 1, message: 'Added', data: { notification_rule_id: 50 } })),
    );
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Rule' });
    await within(dialog).findByRole('option', { name: 'BP Cuff (860000000000001)' });
    expect(within(dialog).getByLabelText('End Date')).toHaveProperty('value', '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(MSG.selectDevice, { selector: '.bp6-form-helper-text' })).toBeTruthy();
    expect(fetch.bodies(addNotificationRule)).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText('Device'), '11');
    await user.type(within(dialog).getByLabelText('IVR Note'), 'Please take a reading!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(MSG.messageSpecialChars)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('IVR Note'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.bodies(addNotificationRule)).toHaveLength(1));
    expect(fetch.bodies(addNotificationRule)[0]).toMatchObject({
      user_id: 5,
      role_id: 7,
      inventory_id: 11,
      device_type_id: 1,
      end_date: '2099-12-31',
      created_by: 42,
      vitals: [{ vital_id: 1, critical_low: 20, abnormal_low: 40, abnormal_high: 60, critical_high: 80 }],
    });
  });

  it('corrects a bound on blur', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Rule' });
    await within(dialog).findByRole('option', { name: 'BP Cuff (860000000000001)' });
    await user.selectOptions(within(dialog).getByLabelText('Device'), '11');
    const abnormalLow = await within(dialog).findByLabelText('Abnormal Low');
    expect(abnormalLow).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Edit systolic (mmHg)' }));
    await user.clear(abnormalLow);
    await user.type(abnormalLow, '10');
    await user.tab();
    // 001 §5: abnormal_low may not fall below critical_low; the form shows what correctThresholds leaves.
    const expected = correctThresholds(
      { critical_low: 20, abnormal_low: 10, abnormal_high: 60, critical_high: 80 },
      'other',
      'abnormal_low',
      1,
    );
    expect(expected.abnormal_low).toBeGreaterThan(10);
    expect(Number((abnormalLow as HTMLInputElement).value)).toBe(expected.abnormal_low);
    expect(Number((within(dialog).getByLabelText('Critical Low') as HTMLInputElement).value)).toBe(
      expected.critical_low,
    );
  });

  it('edits with the device read-only and the start date locked', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit BP Cuff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rule' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Device')).toHaveProperty('value', 'BP Cuff (860000000000001)'),
    );
    expect(within(dialog).getByLabelText('Start Date')).toHaveProperty('readOnly', true);
    await user.click(within(dialog).getByRole('button', { name: MSG.changeStartDate }));
    expect(within(dialog).getByLabelText('Start Date')).toHaveProperty('readOnly', false);
  });

  it('shows No Device Available without a current device', async () => {
    const { user } = open((s) => s.on(getPatientDevices, () => ({ status: 1, data: [] })));
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Rule' });
    expect(await within(dialog).findByRole('option', { name: MSG.noDeviceAvailable })).toBeTruthy();
  });

  it('shows the Vital Monitoring Levels', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: `${MSG.vitalMonitoringLevels} of BP Cuff` }));
    const dialog = await screen.findByRole('dialog', { name: MSG.vitalMonitoringLevels });
    expect(within(dialog).getByText('systolic (mmHg)')).toBeTruthy();
  });

  it('hides Status, Edit and Add New in the read-only notes mode', async () => {
    storeUser(makeUser({ user_id: 42, roleid: [2], pages: ['Patient Chart'] }));
    serveChart();
    renderWithProviders(<AlertRulesTab patientId={5} readOnly />, '/app/patient-chart/notes/5');
    await screen.findByText('BP Cuff (860000000000001)');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Device',
      'Interval',
      'Start Date',
      'End Date',
      'Monitoring Levels',
    ]);
    expect(screen.queryByRole('button', { name: 'Add New' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it.each([
    [null, true],
    ['1', true],
    ['2', false],
    ['blood-pressure', true],
    ['Weight', false],
  ])('device type segment %s matches a blood pressure rule: %s', (segment, expected) => {
    expect(matchesDeviceType({ device_type_id: 1, device_type: 'Blood Pressure' }, segment)).toBe(expected);
  });

  it('disables Monitoring Levels for a weight device', async () => {
    open((s) =>
      s.on(getNotificationRules, () => ({
        status: 1,
        data: [{ ...rule, device_type_id: 2, device_type: 'Weight', device_name: 'Scale' }],
      })),
    );
    expect(
      await screen.findByRole('button', { name: `${MSG.vitalMonitoringLevels} of Scale` }),
    ).toHaveProperty('disabled', true);
  });

  it("a connection failure opens 'Alert' with Reload (001 §2.2)", async () => {
    open((s) => s.offline(getNotificationRules));
    const dialog = await screen.findByRole('dialog', { name: 'Alert' });
    expect(within(dialog).getByText(MSG.cantConnect)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: MSG.reload })).toBeTruthy();
  });

  it('speaks the IVR note in en-GB at the spec settings', () => {
    const speak = vi.fn();
    class Utterance {
      lang = '';
      volume = 1;
      rate = 1;
      pitch = 1;
      constructor(readonly text: string) {}
    }
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: { speak, cancel: vi.fn() },
    });
    speakIvrNote('Hello');
    expect(speak.mock.calls[0]?.[0]).toMatchObject({ text: 'Hello', ...IVR_SPEECH });
  });

  it('snoozes an abnormal bound with a length and a reason, and shows and cancels what holds the rule (issue 41 §1)', async () => {
    const snoozed = {
      ...rule,
      holds: [
        {
          kind: 'snooze' as const,
          snooze_id: 8,
          vital_id: 1,
          vital_type: 'systolic',
          direction: 'high' as const,
          level: 'abnormal' as const,
          since: '2026-11-21T08:00:00.000Z',
          until: '2026-11-21T10:00:00.000Z',
          reason: 'Medication change',
          by: 'Dana Nurse',
        },
      ],
    };
    const { fetch, user } = open((server) =>
      server
        .on(getNotificationRules, () => ({ status: 1, data: [snoozed] }))
        .on(snoozeRuleBound, () => ({
          status: 1,
          message: 'Snoozed',
          data: { snooze_id: 9, ends_at: '2026-11-21T12:00:00.000Z' },
        }))
        .on(cancelRuleSnooze, () => ({ status: 1, message: 'Snooze cancelled' })),
    );
    expect(
      await screen.findByText(/^Snoozed: systolic high until .* by Dana Nurse: Medication change$/),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel Snooze' }));
    await waitFor(() => expect(fetch.bodies(cancelRuleSnooze)).toEqual([{ snooze_id: 8 }]));

    await user.click(screen.getByRole('button', { name: 'Snooze alerts of BP Cuff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze Alerts: BP Cuff' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['systolic low (abnormal)', 'systolic high (abnormal)', '24 hours']));
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText(MSG.required)).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Bound*'), 'systolic high (abnormal)');
    await user.selectOptions(within(dialog).getByLabelText('For*'), '4 hours');
    await user.type(within(dialog).getByLabelText('Reason*'), 'After the fall, readings run high');
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() =>
      expect(fetch.bodies(snoozeRuleBound)).toEqual([
        {
          notification_rule_id: 31,
          vital_id: 1,
          direction: 'high',
          minutes: 240,
          reason: 'After the fall, readings run high',
        },
      ]),
    );
  });
});
