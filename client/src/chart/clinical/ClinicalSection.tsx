import { Button, Checkbox, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { type CallDef, type CallInput, formErrors, MSG } from '@rpm/shared';
import { type ReactNode, useState } from 'react';
import { useActionKey } from '../../api/action-key';
import type { CallRequest } from '../../api/call';
import { useApi } from '../../errors/ErrorDialogProvider';

/** The keys of `T` whose values are `V`. */
type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;
type Body<C extends CallDef> = CallInput<C>['body'];

interface Column<Row> {
  readonly title: string;
  readonly cell: (row: Row) => ReactNode;
  /** The row's field this column edits in place, and its most characters (decisions.md "Clinical tab edits"). */
  readonly edit?: readonly [KeysOf<Row, string>, number];
}

/** A field of an add form: a checkbox, or a labelled text field (a date, or a select when it has `options`). */
type Field<F> = { readonly label: string } & (
  | { readonly type: 'check'; readonly key: KeysOf<F, boolean> }
  | {
      readonly type?: 'date';
      readonly key: KeysOf<F, string>;
      readonly id: string;
      readonly max?: number;
      readonly options?: readonly { readonly value: string; readonly label: string }[];
      /** Values offered while typing: a datalist's id and its [value, label]s. */
      readonly suggest?: readonly [string, readonly (readonly [string, string])[]];
      /** The form once `value` is typed, when typing changes more than the field. */
      readonly set?: (form: F, value: string) => F;
    }
);

/** One kind of clinical record as the Clinical tab shows it (000 §2.3): its table, row buttons and add form. */
export interface ClinicalKind<Row, F, A extends CallDef, U extends CallDef> {
  readonly title: string;
  /** Shown instead of an empty table. */
  readonly empty: string;
  readonly id: (row: Row) => number;
  /** The table's columns, before the untitled one of the row's buttons. */
  readonly columns: readonly Column<Row>[];
  /** The call the row buttons and Save send. */
  readonly update: U;
  /** A row's buttons; a change is made on the click (a stop date is the day it is clicked). */
  readonly actions: (row: Row) => readonly { readonly text: string; readonly change: () => Body<U> }[];
  /** Rows whose `edit` columns change in place (an Edit button), and what Save sends for the edited row. */
  readonly editable?: { readonly when: (row: Row) => boolean; readonly change: (row: Row) => Body<U> };
  readonly add: {
    readonly call: A;
    readonly text: string;
    readonly blank: () => F;
    readonly body: (patientId: number, form: F) => Body<A>;
    readonly fields: readonly Field<F>[];
  };
}

/** Declares a kind of clinical record: its row type is that of `id`'s parameter, its form that of `add.blank`. */
export const defineClinicalKind = <Row, F, A extends CallDef, U extends CallDef>(
  kind: ClinicalKind<Row, F, A, U>,
) => kind;

interface Props<Row, F, A extends CallDef, U extends CallDef> {
  readonly kind: ClinicalKind<Row, F, A, U>;
  readonly patientId: number;
  readonly rows: readonly Row[];
  /** Reloads the rows after a write. */
  readonly onChange: () => void;
}

/**
 * A section of the Clinical tab: the kind's rows (none is deleted: decisions.md "Clinical history"), their buttons
 * and in-place edit, and the add form, checked with the add call's own schema (field messages) and sent once per
 * action (Idempotency-Key). Failures are shown by the error dialog; a success clears the form and reloads the rows.
 */
export function ClinicalSection<Row, F, A extends CallDef, U extends CallDef>({
  kind,
  patientId,
  rows,
  onChange,
}: Props<Row, F, A, U>) {
  const { call } = useApi();
  const [form, setForm] = useState(kind.add.blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<{ readonly id: number; readonly values: Record<string, string> }>();
  const body = kind.add.body(patientId, form);
  const actionKey = useActionKey(body);
  const edits = kind.columns.flatMap(({ edit }) => (edit ? [edit[0]] : []));

  const send = async <C extends CallDef>(def: C, request: CallRequest<C>) => {
    try {
      await call(def, request);
    } catch {
      return; // Shown by the error dialog.
    }
    setForm(kind.add.blank());
    onChange();
  };
  const edit = (change: Body<U>) => send(kind.update, { body: change } as CallRequest<U>);

  const add = () => {
    const found = kind.add.call.body ? formErrors(kind.add.call.body, body) : {};
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    return send(kind.add.call, {
      body,
      headers: { 'idempotency-key': actionKey },
    } as unknown as CallRequest<A>);
  };

  const save = async (row: Row) => {
    if (!editing || !kind.editable || edits.some((key) => (editing.values[key] ?? '').trim() === '')) return;
    await edit(kind.editable.change({ ...row, ...editing.values }));
    setEditing(undefined);
  };

  const buttons = (row: Row, id: number) =>
    editing?.id === id ? (
      <>
        <Button small intent={Intent.PRIMARY} text={MSG.save} onClick={() => void save(row)} />
        <Button small minimal text={MSG.close} onClick={() => setEditing(undefined)} />
      </>
    ) : (
      <>
        {kind.editable?.when(row) && (
          <Button
            small
            minimal
            text={MSG.edit}
            onClick={() =>
              setEditing({ id, values: Object.fromEntries(edits.map((k) => [k, String(row[k])])) })
            }
          />
        )}
        {kind.actions(row).map(({ text, change }) => (
          <Button key={text} small minimal text={text} onClick={() => void edit(change())} />
        ))}
      </>
    );

  const field = (f: Field<F>) => {
    const put = (value: string | boolean) => setForm({ ...form, [f.key]: value });
    if (f.type === 'check') {
      const checked = form[f.key] as boolean;
      return (
        <Checkbox
          key={f.key}
          label={f.label}
          checked={checked}
          onChange={(e) => put(e.currentTarget.checked)}
        />
      );
    }
    const { key, label, id, max, options, suggest, set } = f;
    const value = form[key] as string;
    const error = errors[key];
    if (options) {
      return (
        <FormGroup key={key} label={label} labelFor={id}>
          <HTMLSelect id={id} value={value} options={options} onChange={(e) => put(e.currentTarget.value)} />
        </FormGroup>
      );
    }
    return (
      <FormGroup
        key={key}
        label={label}
        labelFor={id}
        helperText={error}
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id={id}
          type={f.type ?? 'text'}
          value={value}
          maxLength={max}
          list={suggest?.[0]}
          onChange={(e) => (set ? setForm(set(form, e.currentTarget.value)) : put(e.currentTarget.value))}
        />
        {suggest && (
          <datalist id={suggest[0]}>
            {suggest[1].map(([option, text]) => (
              <option key={option} value={option}>
                {text}
              </option>
            ))}
          </datalist>
        )}
      </FormGroup>
    );
  };

  return (
    <section className="chart-clinical-section" aria-label={kind.title}>
      <h3>{kind.title}</h3>
      {rows.length === 0 ? (
        <p>{kind.empty}</p>
      ) : (
        <HTMLTable compact striped className="chart-table">
          <thead>
            <tr>
              {kind.columns.map(({ title }) => (
                <th key={title}>{title}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const id = kind.id(row);
              return (
                <tr key={id}>
                  {kind.columns.map(({ title, cell, edit }) => (
                    <td key={title}>
                      {editing?.id === id && edit ? (
                        <InputGroup
                          small
                          aria-label={`Edit ${title}`}
                          maxLength={edit[1]}
                          value={editing.values[edit[0]] ?? ''}
                          onChange={(e) =>
                            setEditing({
                              id,
                              values: { ...editing.values, [edit[0]]: e.currentTarget.value },
                            })
                          }
                        />
                      ) : (
                        cell(row)
                      )}
                    </td>
                  ))}
                  <td>{buttons(row, id)}</td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      <div className="chart-clinical-form">
        {kind.add.fields.map(field)}
        <Button intent={Intent.PRIMARY} text={kind.add.text} onClick={() => void add()} />
      </div>
    </section>
  );
}
