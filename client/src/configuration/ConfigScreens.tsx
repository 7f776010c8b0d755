import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { CONFIG_TABLES, type ConfigField, type ConfigTableDef, formErrors } from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { FormField } from '../form/FormField';
import { ListScreen } from '../list/ListScreen';
import { type Open, ParentSelect, saved, useRecordForm } from '../list/record-form';

/**
 * The configuration tables of 000 §2.4: one list screen each and, for an edited table, one form
 * drawn from its declaration (shared/src/lists/config-table.ts): its fields, its body schema, its add and update calls.
 */
const TABLES = {
  insuranceDefaults: CONFIG_TABLES['insurances-default'],
  deviceTypes: CONFIG_TABLES['device-types'],
  vitals: CONFIG_TABLES.vitals,
  deviceNames: CONFIG_TABLES['device-names'],
  warehouses: CONFIG_TABLES.warehouses,
  messageCategories: CONFIG_TABLES['messages-category'],
  messageTemplates: CONFIG_TABLES['messages-template'],
  noteCategories: CONFIG_TABLES['notes-category'],
  noteComments: CONFIG_TABLES['notes-comments'],
  insurancePlans: CONFIG_TABLES['insurance-plans'],
  insuranceTable: CONFIG_TABLES['insurance-table'],
  leads: CONFIG_TABLES.leads,
} as const;

export function ConfigTableScreen({ table }: { readonly table: keyof typeof TABLES }) {
  const form = useRecordForm();
  const def: ConfigTableDef = TABLES[table];
  const actions = form.addButton('Add');
  return (
    <>
      <ListScreen
        def={def.list}
        toolbarActions={actions.toolbarActions}
        {...(def.update ? { rowActions: actions.rowActions } : {})}
      />
      {form.open && <ConfigForm table={def} open={form.open} onClose={form.close} />}
    </>
  );
}

/** A select's values are record ids unless the field fixes its options (codes, plan types). */
const isIdField = (field: ConfigField) => field.kind === 'select' && !field.options;

function fieldValue(field: ConfigField, text: string): unknown {
  if (field.kind === 'amount' || isIdField(field)) return text.trim() === '' ? undefined : Number(text);
  return text;
}

function ConfigForm(props: {
  readonly table: ConfigTableDef;
  readonly open: NonNullable<Open>;
  readonly onClose: () => void;
}) {
  const { table, open, onClose } = props;
  const api = useApi();
  const row = open.row;
  const needsOptions = table.fields.some(isIdField);
  const options = useCall(table.list.calls.filterOptions, {}, { enabled: needsOptions });
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(table.fields.map((f) => [f.key, row ? String(row[f.key] ?? '') : ''])),
  );
  const [active, setActive] = useState(row ? row.active !== false : true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useActionKey(texts);
  const set = (field: string) => (value: string) => setTexts((now) => ({ ...now, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const editable = table.fields.filter((f) => !(row && f.fixed));
    const values = Object.fromEntries(editable.map((f) => [f.key, fieldValue(f, texts[f.key] ?? '')]));
    const body = row ? { ...values, id: Number(row[table.idKey]), active } : values;
    const found = formErrors(row ? table.updateBody : table.body, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await saved(open, onClose, () =>
      row && table.update
        ? api.call(table.update as never, { body } as never)
        : api.call(table.add as never, { body, headers: { 'idempotency-key': key } } as never),
    );
  };

  return (
    <Dialog isOpen title={`${row ? 'Edit' : 'Add'} ${table.list.title}`} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <DialogBody>
          {table.fields.map((field) => {
            const id = `config-${field.key}`;
            const choices = field.options ?? options.data?.data[field.key] ?? [];
            const value = texts[field.key] ?? '';
            const locked = row !== null && field.fixed === true;
            return (
              <FormField key={field.key} id={id} label={field.label} error={errors[field.key]}>
                {field.kind === 'select' ? (
                  <ParentSelect
                    id={id}
                    value={value}
                    onChange={set(field.key)}
                    options={choices}
                    locked={locked}
                  />
                ) : field.kind === 'textarea' ? (
                  <TextArea
                    id={id}
                    value={value}
                    fill
                    onChange={(e) => set(field.key)(e.currentTarget.value)}
                  />
                ) : (
                  <InputGroup
                    id={id}
                    value={value}
                    disabled={locked}
                    type={field.kind === 'date' ? 'date' : 'text'}
                    inputMode={field.kind === 'amount' ? 'decimal' : undefined}
                    onValueChange={set(field.key)}
                  />
                )}
              </FormField>
            );
          })}
          {row && (
            <Checkbox label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          )}
        </DialogBody>
        <DialogFooter actions={<Button type="submit" intent={Intent.PRIMARY} text="Save" />} />
      </form>
    </Dialog>
  );
}
