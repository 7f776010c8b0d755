import { HTMLSelect, Intent, NumericInput } from '@blueprintjs/core';
import { NOTIFICATION_MODES, type NotificationMode } from '@rpm/shared';
import { numberOrNull, type OnInput, type RuleFormErrors } from './field-errors';
import type { Interval, RuleFormInputs } from './rule-form-model';

export interface PatientAlertsSentenceProps {
  readonly inputs: RuleFormInputs;
  readonly intervals: readonly Interval[];
  readonly errors: RuleFormErrors;
  readonly onInput: OnInput;
}

/**
 * 001 §2.2 "the Patient Alerts sentence": we render it as one sentence with inputs in it (interval, missed-SMS and
 * missed-call days, how the patient is reached), its errors below it.
 */
export function PatientAlertsSentence({ inputs, intervals, errors, onInput }: PatientAlertsSentenceProps) {
  const unit = intervals.find((i) => i.interval_id === inputs.interval_id)?.interval_type ?? '';
  return (
    <>
      <div className="chart-rule-sentence">
        Expect
        <NumericInput
          aria-label="Interval"
          min={1}
          buttonPosition="none"
          value={inputs.interval ?? ''}
          onValueChange={(n) => onInput({ interval: numberOrNull(n) })}
          intent={errors.interval ? Intent.DANGER : Intent.NONE}
        />
        reading(s) per
        <HTMLSelect
          aria-label="Interval Type"
          value={inputs.interval_id ?? ''}
          onChange={(e) => onInput({ interval_id: Number(e.currentTarget.value) })}
        >
          {intervals.map((i) => (
            <option key={i.interval_id} value={i.interval_id}>
              {i.interval_type}
            </option>
          ))}
        </HTMLSelect>
        ; send an SMS after
        <NumericInput
          aria-label="Missed SMS Days"
          min={1}
          buttonPosition="none"
          value={inputs.sms_miss ?? ''}
          onValueChange={(n) => onInput({ sms_miss: numberOrNull(n) })}
        />
        day(s) and call after
        <NumericInput
          aria-label="Missed Call Days"
          min={1}
          buttonPosition="none"
          value={inputs.call_miss ?? ''}
          onValueChange={(n) => onInput({ call_miss: numberOrNull(n) })}
        />
        day(s) without readings, by
        <HTMLSelect
          aria-label="Notification Mode"
          value={inputs.notification_mode}
          onChange={(e) => onInput({ notification_mode: e.currentTarget.value as NotificationMode })}
          options={Object.entries(NOTIFICATION_MODES).map(([value, label]) => ({ value, label }))}
        />
      </div>
      {[errors.interval_id, errors.interval, errors.sms_miss, errors.call_miss].filter(Boolean).map((m) => (
        <p key={m} className="chart-error" role="alert">
          {m}
        </p>
      ))}
      <span className="chart-muted">{unit && `Per ${unit}`}</span>
    </>
  );
}
