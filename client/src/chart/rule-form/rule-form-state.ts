import {
  defaultThresholds,
  type NotificationRule,
  type PatientDevice,
  RULE_DEFAULT_END_DATE,
  type Thresholds,
  vitalKind,
} from '@rpm/shared';
import type { Interval, RuleFormInputs, RuleFormState, TypedInput } from './rule-form-model';
import { formErrors, ruleRequest } from './rule-request';

/**
 * The state of 'Add New Rule' / 'Edit Rule' (001 §2.2, §4, §5) as a pure reducer. A reducer, not a machine: the
 * form has no timers and no modes beyond add/edit (fixed when it opens) and the edit mode's start-date lock, a
 * flag with one transition; the loads and the save are one-shot calls the dialog makes.
 */

export type RuleFormEvent =
  | {
      readonly type: 'loaded';
      readonly devices: readonly PatientDevice[];
      readonly intervals: readonly Interval[];
      readonly vitals: readonly { readonly vital_id: number; readonly unit: string }[];
    }
  | { readonly type: 'ruleLoaded'; readonly rule: NotificationRule }
  | { readonly type: 'input'; readonly inputs: Partial<Pick<RuleFormInputs, TypedInput>> }
  | { readonly type: 'deviceChosen'; readonly inventoryId: number }
  | {
      readonly type: 'defaultsLoaded';
      readonly inventoryId: number;
      readonly defaults: readonly ({ readonly vital_id: number } & Thresholds)[];
    }
  | { readonly type: 'thresholdsChanged'; readonly vitalId: number; readonly thresholds: Thresholds }
  | { readonly type: 'startUnlocked' }
  | { readonly type: 'submitted' }
  | { readonly type: 'saveEnded' };

/** A new form: add mode starts today and ends 12/31/2099 (001 §4), one reading a day, SMS after 2, call after 3. */
export function initialRuleForm(opts: {
  patientId: number;
  userId: number | null;
  editing: boolean;
  today: string;
}): RuleFormState {
  return {
    patientId: opts.patientId,
    userId: opts.userId,
    mode: opts.editing ? 'edit' : 'add',
    today: opts.today,
    devices: null,
    intervals: [],
    vitalUnits: new Map(),
    rule: null,
    inputs: {
      inventory_id: null,
      start_date: opts.today,
      end_date: RULE_DEFAULT_END_DATE,
      interval_id: null,
      interval: 1,
      sms_miss: 2,
      call_miss: 3,
      notification_mode: 'sms_ivr',
      gain: null,
      loss: null,
      notification_note: '',
    },
    vitals: [],
    startLocked: opts.editing,
    errors: {},
    saving: false,
  };
}

const withInputs = (state: RuleFormState, inputs: Partial<RuleFormInputs>): RuleFormState => ({
  ...state,
  inputs: { ...state.inputs, ...inputs },
});

/** The next state of the form. */
export function ruleFormReducer(state: RuleFormState, event: RuleFormEvent): RuleFormState {
  switch (event.type) {
    case 'loaded':
      return withInputs(
        {
          ...state,
          devices: event.devices.filter((d) => d.current),
          intervals: event.intervals,
          vitalUnits: new Map(event.vitals.map((v) => [v.vital_id, v.unit])),
        },
        { interval_id: state.inputs.interval_id ?? event.intervals[0]?.interval_id ?? null },
      );
    case 'ruleLoaded': {
      const { rule } = event;
      return {
        ...state,
        rule,
        inputs: {
          inventory_id: rule.inventory_id,
          start_date: rule.start_date.slice(0, 10),
          end_date: rule.end_date.slice(0, 10),
          interval_id: rule.fk_interval_id,
          interval: rule.interval,
          sms_miss: rule.sms_miss,
          call_miss: rule.call_miss,
          notification_mode: rule.notification_mode,
          gain: rule.gain,
          loss: rule.loss,
          notification_note: rule.notification_note,
        },
        vitals: rule.vitals.map((v) => ({
          vital_id: v.vital_id,
          vital_type: v.vital_type,
          unit: v.unit,
          thresholds: v,
        })),
      };
    }
    case 'input':
      return withInputs(state, event.inputs);
    case 'deviceChosen': {
      const device = state.devices?.find((d) => d.inventory_id === event.inventoryId);
      // 001 §9 defaults until the role's arrive: the device's vitals replace the previous device's blocks.
      const vitals = (device?.vitals ?? []).map((v) => ({
        ...v,
        thresholds: defaultThresholds(v.vital_id, vitalKind(v.vital_type)),
      }));
      return { ...withInputs(state, { inventory_id: event.inventoryId }), vitals };
    }
    case 'defaultsLoaded': {
      // Defaults of a device chosen before are late: the blocks are another device's now.
      if (event.inventoryId !== state.inputs.inventory_id) return state;
      const vitals = state.vitals.map((v) => {
        const found = event.defaults.find((d) => d.vital_id === v.vital_id);
        return found ? { ...v, thresholds: found } : v;
      });
      return { ...state, vitals };
    }
    case 'thresholdsChanged':
      return {
        ...state,
        vitals: state.vitals.map((v) =>
          v.vital_id === event.vitalId ? { ...v, thresholds: event.thresholds } : v,
        ),
      };
    case 'startUnlocked': {
      // A start date in the past moves to today: the unlocked picker's minimum (001 §5).
      const past = state.inputs.start_date < state.today;
      return withInputs({ ...state, startLocked: false }, past ? { start_date: state.today } : {});
    }
    case 'submitted':
      return { ...state, errors: formErrors(state), saving: ruleRequest(state) !== null };
    case 'saveEnded':
      return { ...state, saving: false };
  }
}
