import type { NotificationRule, PatientDevice } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { cuff, rule } from '../chart-test-server';
import type { RuleFormState } from './rule-form-model';
import { initialRuleForm, type RuleFormEvent, ruleFormReducer } from './rule-form-state';
import { formErrors, isWeightRule, ruleRequest } from './rule-request';

const TODAY = '2026-11-10';

const device = (over: Partial<PatientDevice>): PatientDevice => ({
  ...cuff,
  vitals: [
    { vital_id: 1, vital_type: 'systolic', unit: 'mmHg' },
    { vital_id: 2, vital_type: 'diastolic', unit: 'mmHg' },
    { vital_id: 3, vital_type: 'pulse', unit: 'bpm' },
  ],
  ...over,
});
const bpCuff = device({});
const scale = device({
  inventory_id: 12,
  device_name: 'Scale',
  device_type_id: 2,
  vitals: [{ vital_id: 4, vital_type: 'weight', unit: 'lbs' }],
});
const glucometer = device({
  inventory_id: 13,
  device_name: 'Glucometer',
  device_type_id: 3,
  vitals: [{ vital_id: 7, vital_type: 'blood_glucose', unit: 'mg/dL' }],
});
const returned = device({ inventory_id: 14, device_name: 'Old Cuff', current: false });

const run = (state: RuleFormState, ...events: RuleFormEvent[]) => events.reduce(ruleFormReducer, state);
const loaded: RuleFormEvent = {
  type: 'loaded',
  devices: [bpCuff, scale, glucometer, returned],
  intervals: [
    { interval_id: 1, interval_type: 'Day', days: 1 },
    { interval_id: 2, interval_type: 'Week', days: 7 },
  ],
  vitals: [{ vital_id: 1, unit: 'mmHg' }],
};
const adding = () => run(initialRuleForm({ patientId: 5, userId: 42, editing: false, today: TODAY }), loaded);
const editing = (over: Partial<NotificationRule> = {}) =>
  run(initialRuleForm({ patientId: 5, userId: 42, editing: true, today: TODAY }), loaded, {
    type: 'ruleLoaded',
    rule: { ...rule, ...over },
  });

describe('rule form reducer (001 §2.2, §4, §5)', () => {
  it('starts an added rule today, ending 12/31/2099, with the start date free', () => {
    const state = initialRuleForm({ patientId: 5, userId: 42, editing: false, today: TODAY });
    expect(state.devices).toBeNull();
    expect(state.inputs).toEqual({
      inventory_id: null,
      start_date: TODAY,
      end_date: '2099-12-31',
      interval_id: null,
      interval: 1,
      sms_miss: 2,
      call_miss: 3,
      notification_mode: 'sms_ivr',
      gain: null,
      loss: null,
      notification_note: '',
    });
    expect([state.mode, state.startLocked, state.saving]).toEqual(['add', false, false]);
  });

  it('lists only the current devices once loaded and picks the first interval', () => {
    const state = adding();
    expect(state.devices?.map((d) => d.inventory_id)).toEqual([11, 12, 13]);
    expect(state.inputs.interval_id).toBe(1);
    expect(state.vitalUnits.get(1)).toBe('mmHg');
  });

  it('sets each typed input', () => {
    const state = run(
      adding(),
      { type: 'input', inputs: { start_date: '2026-12-01' } },
      { type: 'input', inputs: { end_date: '2027-01-01' } },
      { type: 'input', inputs: { interval_id: 2 } },
      { type: 'input', inputs: { interval: 3 } },
      { type: 'input', inputs: { sms_miss: 4 } },
      { type: 'input', inputs: { call_miss: null } },
      { type: 'input', inputs: { notification_mode: 'ivr' } },
      { type: 'input', inputs: { gain: 2.5, loss: 3 } },
      { type: 'input', inputs: { notification_note: 'Take a reading' } },
    );
    expect(state.inputs).toEqual({
      inventory_id: null,
      start_date: '2026-12-01',
      end_date: '2027-01-01',
      interval_id: 2,
      interval: 3,
      sms_miss: 4,
      call_miss: null,
      notification_mode: 'ivr',
      gain: 2.5,
      loss: 3,
      notification_note: 'Take a reading',
    });
  });

  it("adds a block per vital of the chosen device at the spec's defaults, replacing the previous device's", () => {
    const bp = run(adding(), { type: 'deviceChosen', inventoryId: 11 });
    expect(bp.inputs.inventory_id).toBe(11);
    expect(bp.vitals.map((v) => [v.vital_type, v.thresholds])).toEqual([
      ['systolic', { critical_low: 20, abnormal_low: 40, abnormal_high: 60, critical_high: 80 }],
      ['diastolic', { critical_low: 20, abnormal_low: 40, abnormal_high: 60, critical_high: 80 }],
      ['pulse', { critical_low: 20, abnormal_low: 40, abnormal_high: 60, critical_high: 80 }],
    ]);
    const glucose = run(bp, { type: 'deviceChosen', inventoryId: 13 });
    expect(glucose.vitals.map((v) => v.vital_id)).toEqual([7]);
    const weight = run(glucose, { type: 'deviceChosen', inventoryId: 12 });
    expect(isWeightRule(weight)).toBe(true);
  });

  it("takes the role's defaults for the chosen device, and ignores those of a device chosen before", () => {
    const bounds = { critical_low: 70, abnormal_low: 90, abnormal_high: 140, critical_high: 180 };
    const bp = run(adding(), { type: 'deviceChosen', inventoryId: 11 });
    const withDefaults = run(bp, {
      type: 'defaultsLoaded',
      inventoryId: 11,
      defaults: [{ vital_id: 1, ...bounds }],
    });
    expect(withDefaults.vitals[0]?.thresholds).toEqual({ vital_id: 1, ...bounds });
    expect(withDefaults.vitals[1]?.thresholds.critical_low).toBe(20);
    const late = run(
      bp,
      { type: 'deviceChosen', inventoryId: 13 },
      { type: 'defaultsLoaded', inventoryId: 11, defaults: [{ vital_id: 1, ...bounds }] },
    );
    expect(late.vitals.map((v) => v.vital_id)).toEqual([7]);
  });

  it('changes the bounds of one vital only', () => {
    const bounds = { critical_low: 30, abnormal_low: 50, abnormal_high: 70, critical_high: 90 };
    const state = run(
      adding(),
      { type: 'deviceChosen', inventoryId: 11 },
      { type: 'thresholdsChanged', vitalId: 2, thresholds: bounds },
    );
    expect(state.vitals.map((v) => v.thresholds.critical_low)).toEqual([20, 30, 20]);
  });

  it('loads the rule to edit with its start date locked, and unlocking moves a past start to today', () => {
    const state = editing();
    expect([state.mode, state.startLocked]).toEqual(['edit', true]);
    expect(state.inputs).toMatchObject({
      inventory_id: 11,
      start_date: '2026-11-01',
      end_date: '2099-12-31',
      interval_id: 1,
    });
    expect(state.vitals.map((v) => v.vital_type)).toEqual(['systolic']);
    const unlocked = run(state, { type: 'startUnlocked' });
    expect([unlocked.startLocked, unlocked.inputs.start_date]).toEqual([false, TODAY]);
    const future = run(editing({ start_date: '2026-12-01' }), { type: 'startUnlocked' });
    expect(future.inputs.start_date).toBe('2026-12-01');
  });
});

describe('rule form submit (001 §5 messages)', () => {
  it('shows Select a Device and does not save', () => {
    const state = run(adding(), { type: 'submitted' });
    expect(state.errors).toEqual({ inventory_id: 'Select a Device' });
    expect(state.saving).toBe(false);
    expect(ruleRequest(state)).toBeNull();
  });

  it.each([
    [{ start_date: '' }, { start_date: 'Invalid Start Date' }],
    [{ start_date: '2026-11-09' }, { start_date: 'Invalid Start Date' }],
    [{ end_date: '2026-11-09' }, { end_date: 'Invalid End Date' }],
    [{ end_date: TODAY }, { end_date: 'Invalid Date Range' }],
    [{ interval: 0 }, { interval: 'Interval must be greater than 0' }],
    [{ interval: null }, { interval: 'Interval must be greater than 0' }],
    [{ sms_miss: 0 }, { sms_miss: 'Missed SMS days cannot be negative or zero' }],
    [{ call_miss: -1 }, { call_miss: 'Missed call days cannot be negative or zero' }],
    [{ notification_note: 'Hi!' }, { notification_note: 'Message cannot contain special characters' }],
  ] as const)('%j gives %j', (inputs, errors) => {
    const state = run(
      adding(),
      { type: 'deviceChosen', inventoryId: 11 },
      { type: 'input', inputs },
      { type: 'submitted' },
    );
    expect(state.errors).toEqual(errors);
    expect(state.saving).toBe(false);
  });

  it('asks a weight device for gain and loss', () => {
    const state = run(adding(), { type: 'deviceChosen', inventoryId: 12 }, { type: 'submitted' });
    expect(state.errors).toEqual({
      gain: 'Weight gain must be greater than 0',
      loss: 'Weight loss must be greater than 0',
    });
  });

  it("names a vital's bound that breaks the auto-correction rules", () => {
    const state = run(
      adding(),
      { type: 'deviceChosen', inventoryId: 11 },
      {
        type: 'thresholdsChanged',
        vitalId: 1,
        thresholds: { critical_low: 50, abnormal_low: 40, abnormal_high: 60, critical_high: 80 },
      },
    );
    expect(Object.keys(formErrors(state))).toEqual(['vitals.1.abnormal_low']);
  });

  it('builds the add-rule payload (001 §3) and is saving until the call ends', () => {
    const state = run(adding(), { type: 'deviceChosen', inventoryId: 13 }, { type: 'submitted' });
    expect(state.errors).toEqual({});
    expect(state.saving).toBe(true);
    expect(ruleRequest(state)).toEqual({
      kind: 'add',
      body: {
        user_id: 5,
        role_id: 7,
        interval_id: 1,
        interval: 1,
        status: 1,
        start_date: TODAY,
        end_date: '2099-12-31',
        created_by: 42,
        inventory_id: 13,
        device_type_id: 3,
        vitals: [{ vital_id: 7, critical_low: 20, abnormal_low: 40, abnormal_high: 60, critical_high: 80 }],
        notification_mode: 'sms_ivr',
        notification_note: '',
        sms_miss: 2,
        call_miss: 3,
        deviceName: 'Glucometer',
        gain: null,
        loss: null,
      },
    });
    expect(run(state, { type: 'saveEnded' }).saving).toBe(false);
  });

  it('sends a weight device its gain and loss and no vitals', () => {
    const state = run(
      adding(),
      { type: 'deviceChosen', inventoryId: 12 },
      { type: 'input', inputs: { gain: 3, loss: 4 } },
    );
    expect(ruleRequest(state)?.body).toMatchObject({ device_type_id: 2, vitals: [], gain: 3, loss: 4 });
  });

  it('builds the update payload with previous: the schema fields of the rule as loaded (001 §7)', () => {
    const state = run(editing({ status: 1, gain: null }), { type: 'input', inputs: { interval: 2 } });
    const request = ruleRequest(state);
    expect(request?.kind).toBe('update');
    expect(request?.body).toMatchObject({
      notification_rule_id: rule.notification_rule_id,
      interval: 2,
      status: 1,
      deviceName: 'BP Cuff',
    });
    expect(request?.kind === 'update' && request.body.previous).toEqual({
      start_date: rule.start_date,
      end_date: rule.end_date,
      interval_id: rule.fk_interval_id,
      interval: rule.interval,
      status: 1,
      notification_mode: rule.notification_mode,
      notification_note: rule.notification_note,
      sms_miss: rule.sms_miss,
      call_miss: rule.call_miss,
      gain: null,
      loss: rule.loss,
      updated_at: rule.updated_at,
    });
  });
});
