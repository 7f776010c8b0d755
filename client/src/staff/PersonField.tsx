import { InputGroup, Intent } from '@blueprintjs/core';
import { dobInRange, formatPhone, formErrors, type LiveField, MSG, phoneDigitsOf } from '@rpm/shared';
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

/** A field of an existing person's record: the user name and password are not edited with it. */
export type EditField = Exclude<LiveField, 'username' | 'password'>;

/** The fields of an existing person's record (the profile and the staff Edit dialog). */
export const EDIT_FIELDS = PERSON_FIELDS.filter(
  (f): f is (typeof PERSON_FIELDS)[number] & { field: EditField } => f.field !== 'username',
);

/** The first message per field of a person's record that does not pass the server's rules (001 §5). */
export function personErrors(
  schema: Parameters<typeof formErrors>[0],
  values: { readonly dob: string },
  today: string,
): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = formErrors(schema, values);
  if (errors.dob === undefined && !dobInRange(values.dob, today)) errors.dob = MSG.invalidDob;
  return errors;
}

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
