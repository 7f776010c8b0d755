import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { MSG, RULE_DEFAULT_END_DATE } from '@rpm/shared';
import { fieldProps, type OnInput, type RuleFormErrors } from './field-errors';

export interface RuleDateFieldsProps {
  readonly today: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly editing: boolean;
  /** Edit mode: locked until 'Change Start Date' (001 §4). */
  readonly startLocked: boolean;
  readonly errors: RuleFormErrors;
  readonly onInput: OnInput;
  readonly onUnlockStart: () => void;
}

/** Start Date (with 'Change Start Date' when editing) and End Date; the pickers' minimum is today (001 §5). */
export function RuleDateFields(props: RuleDateFieldsProps) {
  const { today, startLocked, errors, onInput } = props;
  return (
    <div className="chart-rule-dates">
      <FormGroup label="Start Date" labelFor="rule-start" {...fieldProps(errors, 'start_date')}>
        <InputGroup
          id="rule-start"
          type="date"
          min={startLocked ? undefined : today}
          max={RULE_DEFAULT_END_DATE}
          readOnly={startLocked}
          value={props.startDate}
          onChange={(e) => onInput({ start_date: e.currentTarget.value })}
        />
        {props.editing && startLocked && (
          <Button small text={MSG.changeStartDate} onClick={props.onUnlockStart} />
        )}
      </FormGroup>
      <FormGroup label="End Date" labelFor="rule-end" {...fieldProps(errors, 'end_date')}>
        <InputGroup
          id="rule-end"
          type="date"
          min={today}
          max={RULE_DEFAULT_END_DATE}
          value={props.endDate}
          onChange={(e) => onInput({ end_date: e.currentTarget.value })}
        />
      </FormGroup>
    </div>
  );
}
