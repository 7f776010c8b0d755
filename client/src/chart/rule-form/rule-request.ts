import {
  type addNotificationRule,
  type CallInput,
  PATIENT_ROLE_ID,
  type PatientDevice,
  type RuleFormField,
  ruleFormErrors,
  rulePreviousOf,
  THRESHOLD_FIELDS,
  type Thresholds,
  type updateNotificationRules,
  vitalKind,
  WEIGHT_DEVICE_TYPE_ID,
} from '@rpm/shared';
import type { RuleFormState, VitalRow } from './rule-form-model';

/** What the rule form's state says (pure): its device type, its errors on Save and the call Save makes. */

/** The chosen device (add mode), or null. */
const chosenDevice = (state: RuleFormState): PatientDevice | null =>
  state.devices?.find((d) => d.inventory_id === state.inputs.inventory_id) ?? null;

/** The device type of the rule (edit) or of the chosen device (add). */
const deviceTypeOf = (state: RuleFormState): number | null =>
  state.rule?.device_type_id ?? chosenDevice(state)?.device_type_id ?? null;

/** A weight device takes gain and loss instead of monitoring levels (001 §2.2, §5). */
export const isWeightRule = (state: RuleFormState): boolean => deviceTypeOf(state) === WEIGHT_DEVICE_TYPE_ID;

/** The errors Save shows (001 §5, shared ruleFormErrors); empty when the form may be saved. */
export function formErrors(state: RuleFormState): Partial<Record<RuleFormField, string>> {
  const weight = isWeightRule(state);
  const { inputs } = state;
  return ruleFormErrors(
    {
      ...inputs,
      device_type_id: deviceTypeOf(state),
      start_date: inputs.start_date || null,
      end_date: inputs.end_date || null,
      gain: weight ? inputs.gain : null,
      loss: weight ? inputs.loss : null,
      vitals: state.vitals.map((v) => ({
        vital_id: v.vital_id,
        kind: vitalKind(v.vital_type),
        ...v.thresholds,
      })),
    },
    { today: state.today, mode: state.mode, startDateLocked: state.startLocked },
  );
}

type AddBody = CallInput<typeof addNotificationRule>['body'];
type UpdateBody = CallInput<typeof updateNotificationRules>['body'];

/** The call Save makes. */
export type RuleRequest =
  | { readonly kind: 'add'; readonly body: AddBody }
  | { readonly kind: 'update'; readonly body: UpdateBody };

/** A vital's bounds as the payload carries them (thresholds.ts THRESHOLD_FIELDS). */
const payloadVital = (v: VitalRow) => ({
  vital_id: v.vital_id,
  ...(Object.fromEntries(
    THRESHOLD_FIELDS.map((field) => [field, v.thresholds[field]]),
  ) as unknown as Thresholds),
});

/**
 * The call Save makes (001 §3 add-rule payload; §7 update: plus notification_rule_id and previous, what the editor
 * loaded), or null while the form has errors or lacks the device, its type or the user.
 */
export function ruleRequest(state: RuleFormState): RuleRequest | null {
  const inventoryId = state.inputs.inventory_id;
  const deviceTypeId = deviceTypeOf(state);
  if (Object.keys(formErrors(state)).length > 0) return null;
  if (inventoryId === null || deviceTypeId === null || state.userId === null) return null;
  const { inputs, rule } = state;
  const weight = isWeightRule(state);
  const body: AddBody = {
    user_id: state.patientId,
    role_id: PATIENT_ROLE_ID,
    interval_id: inputs.interval_id ?? 0,
    interval: inputs.interval ?? 0,
    status: 1,
    start_date: inputs.start_date,
    end_date: inputs.end_date,
    created_by: state.userId,
    inventory_id: inventoryId,
    device_type_id: deviceTypeId,
    vitals: weight ? [] : state.vitals.map(payloadVital),
    notification_mode: inputs.notification_mode,
    notification_note: inputs.notification_note,
    sms_miss: inputs.sms_miss ?? 0,
    call_miss: inputs.call_miss ?? 0,
    deviceName: rule?.device_name ?? chosenDevice(state)?.device_name,
    gain: weight ? inputs.gain : null,
    loss: weight ? inputs.loss : null,
  };
  if (!rule) return { kind: 'add', body };
  return {
    kind: 'update',
    body: {
      ...body,
      status: rule.status,
      notification_rule_id: rule.notification_rule_id,
      previous: rulePreviousOf({ ...rule, interval_id: rule.fk_interval_id }),
    },
  };
}
