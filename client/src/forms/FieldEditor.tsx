import { Button, Checkbox, ControlGroup, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import {
  FORM_FIELD_KIND_LABELS,
  FORM_FIELD_KINDS,
  FORM_FIELD_LABEL_MAX,
  FORM_FIELDS_MAX,
  type FormField,
  type FormFieldKind,
} from '@rpm/shared';

/** A field as the editor holds it: a choice's options as typed, one per comma. */
export interface DraftField {
  readonly key: string;
  readonly label: string;
  readonly kind: FormFieldKind;
  readonly required: boolean;
  readonly options: string;
  /** Whether the key was typed (else it follows the label). */
  readonly keyTyped: boolean;
}

/** A key from a label: 'Age at intake' → 'age_at_intake'. */
const keyOf = (label: string): string =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40);

export const draftOf = (field: FormField): DraftField => ({
  ...field,
  options: field.options.join(', '),
  keyTyped: true,
});

/** The field as the contract takes it. */
export const fieldOf = ({ key, label, kind, required, options }: DraftField): FormField => ({
  key,
  label,
  kind,
  required,
  options:
    kind === 'choice'
      ? options
          .split(',')
          .map((option) => option.trim())
          .filter((option) => option !== '')
      : [],
});

export const NEW_FIELD: DraftField = {
  key: '',
  label: '',
  kind: 'text',
  required: false,
  options: '',
  keyTyped: false,
};

export interface FieldEditorProps {
  readonly fields: readonly DraftField[];
  readonly onChange: (fields: DraftField[]) => void;
  /** Problems by field index, as the fields' schema reports them. */
  readonly problems: Readonly<Record<number, string>>;
}

/** The form's fields: each one's label, key, kind, required flag and a choice's options; add, remove, reorder. */
export function FieldEditor({ fields, onChange, problems }: FieldEditorProps) {
  const change = (n: number, next: Partial<DraftField>) =>
    onChange(
      fields.map((field, i) => {
        if (i !== n) return field;
        const merged = { ...field, ...next };
        return merged.keyTyped ? merged : { ...merged, key: keyOf(merged.label) };
      }),
    );
  const move = (n: number, by: -1 | 1) => {
    const next = [...fields];
    const [moved] = next.splice(n, 1);
    if (moved) next.splice(n + by, 0, moved);
    onChange(next);
  };

  return (
    <fieldset className="form-field-editor">
      <legend>Fields</legend>
      {fields.map((field, n) => {
        const name = field.label.trim() || `Field ${n + 1}`;
        const id = `form-field-${n}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: fields are edited in place; their position is their identity here.
          <fieldset key={n} className="form-field-row" aria-label={`Field ${n + 1}`}>
            <FormGroup
              intent={problems[n] ? Intent.DANGER : Intent.NONE}
              helperText={problems[n]}
              className="form-field-inputs"
            >
              <ControlGroup fill>
                <InputGroup
                  aria-label={`Field ${n + 1} label`}
                  id={`${id}-label`}
                  placeholder="Label"
                  maxLength={FORM_FIELD_LABEL_MAX}
                  value={field.label}
                  onValueChange={(label) => change(n, { label })}
                />
                <InputGroup
                  aria-label={`Field ${n + 1} key`}
                  placeholder="key"
                  value={field.key}
                  onValueChange={(key) => change(n, { key, keyTyped: true })}
                />
                <HTMLSelect
                  aria-label={`Field ${n + 1} kind`}
                  value={field.kind}
                  options={FORM_FIELD_KINDS.map((kind) => ({
                    value: kind,
                    label: FORM_FIELD_KIND_LABELS[kind],
                  }))}
                  onChange={(e) => change(n, { kind: e.currentTarget.value as FormFieldKind })}
                />
              </ControlGroup>
              {field.kind === 'choice' && (
                <InputGroup
                  aria-label={`Field ${n + 1} options, separated by commas`}
                  placeholder="Options, separated by commas"
                  value={field.options}
                  onValueChange={(options) => change(n, { options })}
                />
              )}
              <Checkbox
                label="Required"
                checked={field.required}
                onChange={(e) => change(n, { required: e.currentTarget.checked })}
                aria-label={`${name} required`}
              />
            </FormGroup>
            <div className="form-field-actions">
              <Button
                variant="minimal"
                icon="arrow-up"
                aria-label={`Move ${name} up`}
                disabled={n === 0}
                onClick={() => move(n, -1)}
              />
              <Button
                variant="minimal"
                icon="arrow-down"
                aria-label={`Move ${name} down`}
                disabled={n === fields.length - 1}
                onClick={() => move(n, 1)}
              />
              <Button
                variant="minimal"
                intent={Intent.DANGER}
                icon="trash"
                aria-label={`Remove ${name}`}
                disabled={fields.length === 1}
                onClick={() => onChange(fields.filter((_, i) => i !== n))}
              />
            </div>
          </fieldset>
        );
      })}
      <Button
        icon="add"
        text="Add field"
        disabled={fields.length >= FORM_FIELDS_MAX}
        onClick={() => onChange([...fields, NEW_FIELD])}
      />
    </fieldset>
  );
}
