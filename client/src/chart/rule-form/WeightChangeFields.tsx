import { FormGroup, NumericInput } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';
import { fieldProps, numberOrNull, type OnInput, type RuleFormErrors } from './field-errors';

export interface WeightChangeFieldsProps {
  readonly gain: number | null;
  readonly loss: number | null;
  readonly errors: RuleFormErrors;
  readonly onInput: OnInput;
}

/** 'Weight Gain or Loss Notification' of a weight device (001 §2.2, §5): lbs above / below the dry weight. */
export function WeightChangeFields({ gain, loss, errors, onInput }: WeightChangeFieldsProps) {
  return (
    <fieldset className="chart-vital">
      <legend>{MSG.weightGainLoss}</legend>
      <div className="chart-rule-dates">
        <FormGroup label="Gain (lbs)" labelFor="rule-gain" {...fieldProps(errors, 'gain')}>
          <NumericInput
            id="rule-gain"
            min={0}
            buttonPosition="none"
            value={gain ?? ''}
            onValueChange={(n) => onInput({ gain: numberOrNull(n) })}
          />
        </FormGroup>
        <FormGroup label="Loss (lbs)" labelFor="rule-loss" {...fieldProps(errors, 'loss')}>
          <NumericInput
            id="rule-loss"
            min={0}
            buttonPosition="none"
            value={loss ?? ''}
            onValueChange={(n) => onInput({ loss: numberOrNull(n) })}
          />
        </FormGroup>
      </div>
    </fieldset>
  );
}
