import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { type CallResponse, type getRegistrationOptions, PATIENT_GENDERS, US_STATES } from '@rpm/shared';
import { describedById, FormField } from '../form/FormField';
import type { RecordField, RecordValues } from './record-form';

/** The registration form's choices (rpm/patients/registrationOptions). */
export type RecordOptions = CallResponse<typeof getRegistrationOptions>['data'];
type Option = { readonly value: number | string; readonly label: string };

/** Each field's label, declared once for the registration page, the Demographics edit and its conflict notice. */
export const FIELD_LABELS: Readonly<Record<RecordField, string>> = {
  firstname: 'First Name',
  lastname: 'Last Name',
  dob: 'Date of Birth',
  gender: 'Sex',
  language_id: 'Preferred Language',
  mobile: 'Mobile',
  phone: 'Phone',
  email: 'Email',
  address_line1: 'Address',
  address_line2: 'Address Line 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP Code',
  mrn: 'MRN',
  location_id: 'Location',
  physician_id: 'Physician',
  care_coordinator_id: 'Care Coordinator',
  insurance_plan_id: 'Insurance Plan',
  insurance_member_id: 'Member ID',
};

const REQUIRED: ReadonlySet<RecordField> = new Set([
  'firstname',
  'lastname',
  'dob',
  'gender',
  'mrn',
  'location_id',
]);

/** The form's groups, in order. */
const GROUPS: readonly { readonly title: string; readonly fields: readonly RecordField[] }[] = [
  { title: 'Person', fields: ['firstname', 'lastname', 'dob', 'gender', 'language_id'] },
  {
    title: 'Contact',
    fields: ['mobile', 'phone', 'email', 'address_line1', 'address_line2', 'city', 'state', 'zip'],
  },
  { title: 'Care team', fields: ['mrn', 'location_id', 'physician_id', 'care_coordinator_id'] },
  { title: 'Insurance', fields: ['insurance_plan_id', 'insurance_member_id'] },
];

export interface PatientRecordFieldsProps {
  /** Prefix of the inputs' ids ('register', 'demographics'). */
  readonly idPrefix: string;
  readonly values: RecordValues;
  readonly errors: Readonly<Record<string, string>>;
  readonly options: RecordOptions | null;
  readonly onChange: (field: RecordField, value: string) => void;
}

/** The choices of a select field, or null for a text field. */
function choicesOf(field: RecordField, options: RecordOptions | null): readonly Option[] | null {
  switch (field) {
    case 'gender':
      return Object.entries(PATIENT_GENDERS).map(([value, label]) => ({ value, label }));
    case 'state':
      return US_STATES.map((code) => ({ value: code, label: code }));
    case 'language_id':
      return options?.languages ?? [];
    case 'location_id':
      return options?.locations ?? [];
    case 'physician_id':
      return options?.physicians ?? [];
    case 'care_coordinator_id':
      return options?.care_coordinators ?? [];
    case 'insurance_plan_id':
      return options?.insurance_plans ?? [];
    default:
      return null;
  }
}

const INPUT_TYPE: Partial<Record<RecordField, string>> = {
  dob: 'date',
  email: 'email',
  mobile: 'tel',
  phone: 'tel',
};

/**
 * The fields of a patient's record in groups: person, contact, care team, insurance. Each error sits
 * under its field, named by the schema's path.
 */
export function PatientRecordFields({
  idPrefix,
  values,
  errors,
  options,
  onChange,
}: PatientRecordFieldsProps) {
  return (
    <>
      {GROUPS.map((group) => (
        <fieldset key={group.title} className="patient-form-group">
          <legend>{group.title}</legend>
          <div className="patient-form-grid">
            {group.fields.map((field) => {
              const id = `${idPrefix}-${field}`;
              const error = errors[field];
              const label = `${FIELD_LABELS[field]}${REQUIRED.has(field) ? ' *' : ''}`;
              const choices = choicesOf(field, options);
              const described = error ? { 'aria-describedby': describedById(id), 'aria-invalid': true } : {};
              return (
                <FormField key={field} id={id} label={label} error={error}>
                  {choices ? (
                    <HTMLSelect
                      id={id}
                      fill
                      value={values[field]}
                      onChange={(e) => onChange(field, e.currentTarget.value)}
                      {...described}
                    >
                      {!REQUIRED.has(field) || values[field] === '' ? <option value="">None</option> : null}
                      {choices.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </HTMLSelect>
                  ) : (
                    <InputGroup
                      id={id}
                      type={INPUT_TYPE[field] ?? 'text'}
                      value={values[field]}
                      onValueChange={(value) => onChange(field, value)}
                      intent={error ? 'danger' : 'none'}
                      {...described}
                    />
                  )}
                </FormField>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}
