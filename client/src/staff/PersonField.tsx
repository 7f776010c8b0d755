import { InputGroup, Intent } from '@blueprintjs/core';
import { formatPhone, type LiveField, phoneDigitsOf } from '@rpm/shared';
import { describedById, FormField } from '../form/FormField';

/** The person fields of the staff forms and the profile (001 §5), in the form's order. */
export const PERSON_FIELDS: readonly { field: LiveField; label: string; phone?: boolean; type?: string }[] = [
  { field: 'firstname', label: 'First Name' },
  { field: 'lastname', label: 'Last Name' },
  { field: 'dob', label: 'DOB', type: 'date' },
  { field: 'phone', label: 'Phone', phone: true },
  { field: 'mobile', label: 'Mobile', phone: true },
  { field: 'fax', label: 'Fax', phone: true },
  { field: 'username', label: 'Username' },
];

/** Props of {@link PersonField}. */
export interface PersonFieldProps {
  readonly id: string;
  readonly spec: (typeof PERSON_FIELDS)[number];
  /** Phone numbers are the digits; shown with the mask '(999) 999-9999'. */
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
}

/** One person field with its live message (001 §5). */
export function PersonField({ id, spec, value, error, onChange, onBlur }: PersonFieldProps) {
  const { label, phone, type } = spec;
  return (
    <FormField id={id} label={label} error={error}>
      <InputGroup
        id={id}
        type={type ?? 'text'}
        value={phone ? formatPhone(value) : value}
        placeholder={phone ? '(999) 999-9999' : undefined}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error !== undefined}
        aria-describedby={error ? describedById(id) : undefined}
        onValueChange={(text) => onChange(phone ? phoneDigitsOf(text) : text)}
        onBlur={onBlur}
      />
    </FormField>
  );
}
