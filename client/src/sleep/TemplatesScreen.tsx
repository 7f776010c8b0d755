import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import {
  addInterpretationTemplate,
  formErrors,
  interpretationTemplateBody,
  interpretationTemplateFields,
  interpretationTemplatesList,
  SLEEP_STUDY_KIND_LABELS,
  type SleepStudyKind,
  SNACKBAR_MS,
  setInterpretationTemplateActive,
  TEMPLATE_STATUS,
  updateInterpretationTemplate,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { FormField } from '../form/FormField';
import { ListScreen } from '../list/ListScreen';
import type { ListRow } from '../list/ListTable';
import { showToast } from '../toaster/toast';

/**
 * Custom Interpretation Config (000 §2.4 'interpretation-customs'): the interpretation templates of the
 * user's organisations, to add, edit, deactivate and activate again; the interpretation view offers the active ones.
 */

type Open = { readonly row: ListRow | null; readonly reload: () => void } | null;

const toast = (message: string) => void showToast({ message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });

export function TemplatesScreen() {
  const api = useApi();
  const [open, setOpen] = useState<Open>(null);
  const toggle = async (row: ListRow, reload: () => void) => {
    try {
      const active = row.status !== TEMPLATE_STATUS.active;
      const answer = await api.call(setInterpretationTemplateActive, {
        body: { template_id: Number(row.template_id), active },
      });
      toast(answer.message);
      reload();
    } catch {
      // The error dialog shows it.
    }
  };
  return (
    <>
      <ListScreen
        def={interpretationTemplatesList}
        toolbarActions={({ reload }) => (
          <Button icon="add" text="Add Template" onClick={() => setOpen({ row: null, reload })} />
        )}
        rowActions={(row, { reload }) => (
          <>
            <Button
              size="small"
              variant="minimal"
              icon="edit"
              text="Edit"
              onClick={() => setOpen({ row, reload })}
            />
            <Button
              size="small"
              variant="minimal"
              text={row.status === TEMPLATE_STATUS.active ? 'Deactivate' : 'Activate'}
              onClick={() => toggle(row, reload)}
            />
          </>
        )}
      />
      {open && <TemplateForm open={open} onClose={() => setOpen(null)} />}
    </>
  );
}

const KINDS = Object.entries(SLEEP_STUDY_KIND_LABELS) as [SleepStudyKind, string][];

function TemplateForm({ open, onClose }: { readonly open: NonNullable<Open>; readonly onClose: () => void }) {
  const api = useApi();
  const orgs = useCall(interpretationTemplatesList.calls.filterOptions, {});
  const row = open.row;
  const [fields, setFields] = useState({
    name: String(row?.name ?? ''),
    kind: (row?.kind_code ?? 'hst') as SleepStudyKind,
    findings: String(row?.findings ?? ''),
    impression: String(row?.impression ?? ''),
    recommendations: String(row?.recommendations ?? ''),
  });
  const [orgId, setOrgId] = useState(row?.organization_id == null ? '' : String(row.organization_id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useActionKey(fields, orgId);
  const organizations = orgs.data?.data.organization ?? [];
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((now) => ({ ...now, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // An edit keeps the template's organisation (a shared one has none).
    const found = row
      ? formErrors(interpretationTemplateFields, fields)
      : formErrors(interpretationTemplateBody, { ...fields, organization_id: Number(orgId) });
    if (!row && orgId === '') found.organization_id = 'Organization is required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = row
        ? await api.call(updateInterpretationTemplate, {
            body: { ...fields, template_id: Number(row.template_id) },
          })
        : await api.call(addInterpretationTemplate, {
            body: { ...fields, organization_id: Number(orgId) },
            headers: { 'idempotency-key': key },
          });
      toast(answer.message);
      open.reload();
      onClose();
    } catch {
      // The error dialog shows it; the form stays as typed.
    }
  };

  const text = (name: 'findings' | 'impression' | 'recommendations', label: string) => (
    <FormField id={`template-${name}`} label={label} error={errors[name]}>
      <TextArea
        id={`template-${name}`}
        fill
        rows={3}
        value={fields[name]}
        onChange={(e) => set(name)(e.currentTarget.value)}
      />
    </FormField>
  );

  return (
    <Dialog isOpen title={row ? 'Edit Template' : 'Add Template'} onClose={onClose} style={{ width: 560 }}>
      <form noValidate onSubmit={submit}>
        <DialogBody>
          <FormField id="template-name" label="Template Name" error={errors.name}>
            <InputGroup id="template-name" value={fields.name} onValueChange={set('name')} />
          </FormField>
          <FormField id="template-kind" label="Test Type" error={errors.kind}>
            <HTMLSelect
              id="template-kind"
              value={fields.kind}
              onChange={(e) => set('kind')(e.currentTarget.value)}
            >
              {KINDS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </HTMLSelect>
          </FormField>
          <FormField id="template-org" label="Organization" error={errors.organization_id}>
            <HTMLSelect
              id="template-org"
              value={orgId}
              disabled={row !== null}
              onChange={(e) => setOrgId(e.currentTarget.value)}
            >
              <option value="">{row ? String(row.organization_name) : 'Select'}</option>
              {organizations.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </HTMLSelect>
          </FormField>
          {text('findings', 'Findings')}
          {text('impression', 'Impression')}
          {text('recommendations', 'Recommendations')}
        </DialogBody>
        <DialogFooter actions={<Button type="submit" intent={Intent.PRIMARY} text="Save" />} />
      </form>
    </Dialog>
  );
}
