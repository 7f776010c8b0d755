import { HTMLSelect } from '@blueprintjs/core';
import { FormField } from '../form/FormField';

const NO_OPTIONS = 'No options';

export interface ChoiceSelectProps {
  readonly id: string;
  readonly label: string;
  readonly value: number | null;
  /** `undefined` while they load (the select is disabled); empty: 'No options'. */
  readonly options: readonly { value: number; label: string }[] | undefined;
  readonly onPick: (value: number) => void;
}

/** One of the Add Admin dialog's choices (001 §2.8): practice, organization, location, program or user. */
export function ChoiceSelect({ id, label, value, options, onPick }: ChoiceSelectProps) {
  return (
    <FormField id={id} label={label}>
      <HTMLSelect
        id={id}
        fill
        value={value ?? ''}
        disabled={options === undefined}
        onChange={(e) => onPick(Number(e.currentTarget.value))}
      >
        <option value="" disabled>
          {options?.length === 0 ? NO_OPTIONS : `Select ${label}`}
        </option>
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </FormField>
  );
}
