import {
  Button,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import {
  addForm,
  FORM_DESCRIPTION_MAX,
  FORM_TITLE_MAX,
  type FormDetail,
  formFields,
  formsList,
  MSG,
  updateForm,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';
import { type DraftField, draftOf, FieldEditor, fieldOf, NEW_FIELD } from './FieldEditor';

export interface FormEditorProps {
  /** The form being changed; absent for a new one. */
  readonly form?: FormDetail;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

/** Adds or changes a form: its organisation (a new one), title, description, whether it is active, and its fields. */
export function FormEditor({ form, onClose, onSaved }: FormEditorProps) {
  const { call } = useApi();
  const organizations =
    useCall(formsList.calls.filterOptions, {}, { enabled: !form }).data?.data.organization_id ?? [];
  const [organization, setOrganization] = useState('');
  const [title, setTitle] = useState(form?.title ?? '');
  const [description, setDescription] = useState(form?.description ?? '');
  const [active, setActive] = useState(form?.active ?? true);
  const [fields, setFields] = useState<DraftField[]>(form ? form.fields.map(draftOf) : [NEW_FIELD]);
  const [errors, setErrors] = useState<{ title?: string; fields?: string; byField: Record<number, string> }>({
    byField: {},
  });
  const [sending, setSending] = useState(false);
  const chosen = organization || organizations[0]?.value || '';
  const key = useActionKey(chosen, title, description, active, fields);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = formFields.safeParse(fields.map(fieldOf));
    const byField: Record<number, string> = {};
    let whole: string | undefined;
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const [n] = issue.path;
      if (typeof n === 'number') byField[n] ??= issue.message;
      else whole ??= issue.message;
    }
    const found = { title: title.trim() === '' ? MSG.required : undefined, fields: whole, byField };
    setErrors(found);
    if (!parsed.success || found.title || (!form && chosen === '')) return;
    const facts = { title, description, active, fields: parsed.data };
    setSending(true);
    try {
      const answer = form
        ? await call(updateForm, { body: { form_id: form.form_id, ...facts } })
        : await call(addForm, {
            body: { organization_id: Number(chosen), ...facts },
            headers: { 'idempotency-key': key },
          });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onSaved();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={form ? 'Edit form' : 'Add form'}>
      <DialogBody>
        {!form && organizations.length > 1 && (
          <FormGroup label="Organization" labelFor="form-organization">
            <HTMLSelect
              id="form-organization"
              fill
              value={chosen}
              options={organizations.map((o) => ({ value: o.value, label: o.label }))}
              onChange={(e) => setOrganization(e.currentTarget.value)}
            />
          </FormGroup>
        )}
        <FormGroup
          label="Title*"
          labelFor="form-title"
          intent={errors.title ? Intent.DANGER : Intent.NONE}
          helperText={errors.title}
        >
          <InputGroup id="form-title" maxLength={FORM_TITLE_MAX} value={title} onValueChange={setTitle} />
        </FormGroup>
        <FormGroup label="Description" labelFor="form-description">
          <TextArea
            id="form-description"
            fill
            maxLength={FORM_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
        </FormGroup>
        <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        <FormGroup intent={errors.fields ? Intent.DANGER : Intent.NONE} helperText={errors.fields}>
          <FieldEditor fields={fields} onChange={setFields} problems={errors.byField} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button type="submit" intent={Intent.PRIMARY} text={form ? 'Save' : 'Add'} loading={sending} />
          </>
        }
      />
    </form>
  );
}
