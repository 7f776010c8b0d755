import { Intent } from '@blueprintjs/core';
import type { RuleFormField, ThresholdField } from '@rpm/shared';
import type { RuleFormInputs, TypedInput } from './rule-form-model';

/** The form's errors by field (shared ruleFormErrors). */
export type RuleFormErrors = Partial<Record<RuleFormField, string>>;

/** Sets typed inputs. */
export type OnInput = (inputs: Partial<Pick<RuleFormInputs, TypedInput>>) => void;

/** A FormGroup's intent and helper text for a field's error. */
export const fieldProps = (errors: RuleFormErrors, field: RuleFormField) => ({
  intent: errors[field] ? Intent.DANGER : Intent.NONE,
  helperText: errors[field],
});

/** The errors of one vital's bounds, from the `vitals.<vital_id>.<bound>` entries. */
export function vitalErrors(
  errors: RuleFormErrors,
  vitalId: number,
): Partial<Record<ThresholdField, string>> {
  const out: Partial<Record<ThresholdField, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = /^vitals\.(\d+)\.(\w+)$/.exec(key);
    if (m && Number(m[1]) === vitalId) out[m[2] as ThresholdField] = message;
  }
  return out;
}

/** A NumericInput's number, null when it is empty or not a number. */
export const numberOrNull = (n: number) => (Number.isFinite(n) ? n : null);
