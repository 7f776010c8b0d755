import { Button, Checkbox, Dialog, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import {
  addOrganizationGroup,
  formErrors,
  getOrganizationGroupChoices,
  organizationGroupBody,
  organizationGroupsList,
  updateOrganizationGroup,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { FormField } from '../form/FormField';
import { ListScreen } from '../list/ListScreen';
import { type Open, saved, useRecordForm } from '../list/record-form';

// Organization Groups (000 §2.4 'Billing Utility' organization-groups; decisions.md "Organization Groups"): the list,
// and for administrators its Add and Edit form.

type Choice = { readonly value: number; readonly label: string };

export function OrganizationGroupsScreen() {
  const form = useRecordForm();
  const choices = useCall(getOrganizationGroupChoices, {});
  const data = choices.data?.data;
  const actions = data?.can_edit ? form.addButton('Add Group') : {};
  return (
    <>
      <ListScreen def={organizationGroupsList} {...actions} />
      {form.open && data && (
        <GroupForm
          open={form.open}
          onClose={form.close}
          organizations={data.organizations}
          admins={data.admins}
        />
      )}
    </>
  );
}

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? (value as number[]) : []);

/** Checkboxes of a form's choices, in the order given. */
function ChoiceBoxes(props: {
  readonly choices: readonly Choice[];
  readonly chosen: readonly number[];
  readonly onToggle: (id: number) => void;
}) {
  return props.choices.map((c) => (
    <Checkbox
      key={c.value}
      label={c.label}
      checked={props.chosen.includes(c.value)}
      onChange={() => props.onToggle(c.value)}
    />
  ));
}

function GroupForm(props: {
  readonly open: NonNullable<Open>;
  readonly onClose: () => void;
  readonly organizations: readonly Choice[];
  readonly admins: readonly Choice[];
}) {
  const { open, onClose } = props;
  const api = useApi();
  const [name, setName] = useState(String(open.row?.group_name ?? ''));
  const [orgIds, setOrgIds] = useState<number[]>(idsOf(open.row?.organization_ids));
  const [adminIds, setAdminIds] = useState<number[]>(idsOf(open.row?.admin_ids));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useActionKey(name, orgIds, adminIds);
  const toggle = (set: (f: (now: number[]) => number[]) => void) => (id: number) =>
    set((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id].sort((a, b) => a - b)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { group_name: name, organization_ids: orgIds, admin_ids: adminIds };
    const found = formErrors(organizationGroupBody, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await saved(open, onClose, () =>
      open.row
        ? api.call(updateOrganizationGroup, { body: { group_id: Number(open.row.group_id), ...body } })
        : api.call(addOrganizationGroup, { body, headers: { 'idempotency-key': key } }),
    );
  };

  return (
    <Dialog isOpen title={open.row ? 'Edit Group' : 'Add Group'} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <DialogBody>
          <FormField id="group-name" label="Group Name" error={errors.group_name}>
            <InputGroup id="group-name" value={name} onValueChange={setName} />
          </FormField>
          <fieldset aria-describedby="group-orgs-error">
            <legend>Organizations</legend>
            <FormField id="group-orgs" error={errors.organization_ids}>
              <ChoiceBoxes choices={props.organizations} chosen={orgIds} onToggle={toggle(setOrgIds)} />
            </FormField>
          </fieldset>
          <fieldset aria-describedby="group-admins-error">
            <legend>Administrators</legend>
            <FormField
              id="group-admins"
              error={errors.admin_ids}
              hint={props.admins.length === 0 ? 'No organization administrators to choose.' : undefined}
            >
              <ChoiceBoxes choices={props.admins} chosen={adminIds} onToggle={toggle(setAdminIds)} />
            </FormField>
          </fieldset>
        </DialogBody>
        <DialogFooter actions={<Button type="submit" intent={Intent.PRIMARY} text="Save" />} />
      </form>
    </Dialog>
  );
}
