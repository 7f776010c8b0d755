import { Button, Checkbox, Dialog, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import {
  addLocation,
  addPractice,
  ESCALATION_MINUTES_DEFAULT,
  formErrors,
  locationBody,
  locationsList,
  PROGRAM_OPTIONS,
  practiceBody,
  practicesList,
  updateLocation,
  updatePractice,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { FormField } from '../form/FormField';
import { ListScreen } from '../list/ListScreen';
import { type Open, ParentSelect, saved, useRecordForm as useStructureForm } from '../list/record-form';

// Practices, Locations, Programs (000 §2.4, §2.7 management menu): the lists and their forms.

export function PracticesScreen() {
  const form = useStructureForm();
  return (
    <>
      <ListScreen def={practicesList} {...form.addButton('Add Practice')} />
      {form.open && <PracticeForm open={form.open} onClose={form.close} />}
    </>
  );
}

function PracticeForm({ open, onClose }: { readonly open: NonNullable<Open>; readonly onClose: () => void }) {
  const api = useApi();
  const orgs = useCall(practicesList.calls.filterOptions, {});
  const [name, setName] = useState(String(open.row?.practice_name ?? ''));
  const [orgId, setOrgId] = useState(String(open.row?.organization_id ?? ''));
  // decisions.md "Alert escalation": the practice's minutes before an unacknowledged alert escalates.
  const [critical, setCritical] = useState(
    String(open.row?.escalation_critical_minutes ?? ESCALATION_MINUTES_DEFAULT.critical),
  );
  const [abnormal, setAbnormal] = useState(
    String(open.row?.escalation_abnormal_minutes ?? ESCALATION_MINUTES_DEFAULT.abnormal),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useActionKey(name, orgId, critical, abnormal);
  const options = orgs.data?.data.organization ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minutes = {
      escalation_critical_minutes: Number(critical),
      escalation_abnormal_minutes: Number(abnormal),
    };
    const found = formErrors(practiceBody, {
      practice_name: name,
      organization_id: Number(orgId),
      ...minutes,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await saved(open, onClose, () =>
      open.row
        ? api.call(updatePractice, {
            body: { practice_id: Number(open.row.practice_id), practice_name: name, ...minutes },
          })
        : api.call(addPractice, {
            body: { practice_name: name, organization_id: Number(orgId), ...minutes },
            headers: { 'idempotency-key': key },
          }),
    );
  };

  return (
    <Dialog isOpen title={open.row ? 'Edit Practice' : 'Add Practice'} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <DialogBody>
          <FormField id="practice-name" label="Practice Name" error={errors.practice_name}>
            <InputGroup id="practice-name" value={name} onValueChange={setName} />
          </FormField>
          <FormField id="practice-org" label="Organization" error={errors.organization_id}>
            <ParentSelect
              id="practice-org"
              value={orgId}
              onChange={setOrgId}
              options={options}
              locked={open.row !== null}
            />
          </FormField>
          <FormField
            id="practice-critical"
            label="Escalate critical alerts after (minutes)"
            error={errors.escalation_critical_minutes}
          >
            <InputGroup
              id="practice-critical"
              type="number"
              min={1}
              value={critical}
              onValueChange={setCritical}
            />
          </FormField>
          <FormField
            id="practice-abnormal"
            label="Escalate abnormal alerts after (minutes)"
            error={errors.escalation_abnormal_minutes}
          >
            <InputGroup
              id="practice-abnormal"
              type="number"
              min={1}
              value={abnormal}
              onValueChange={setAbnormal}
            />
          </FormField>
        </DialogBody>
        <DialogFooter actions={<Button type="submit" intent={Intent.PRIMARY} text="Save" />} />
      </form>
    </Dialog>
  );
}

export function LocationsScreen() {
  const form = useStructureForm();
  return (
    <>
      <ListScreen def={locationsList} {...form.addButton('Add Location')} />
      {form.open && <LocationForm open={form.open} onClose={form.close} />}
    </>
  );
}

function LocationForm({ open, onClose }: { readonly open: NonNullable<Open>; readonly onClose: () => void }) {
  const api = useApi();
  const practices = useCall(locationsList.calls.filterOptions, {});
  const [name, setName] = useState(String(open.row?.location_name ?? ''));
  const [practiceId, setPracticeId] = useState(String(open.row?.practice_id ?? ''));
  const [programs, setPrograms] = useState<number[]>(
    Array.isArray(open.row?.program_ids) ? (open.row.program_ids as number[]) : [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useActionKey(name, practiceId, programs);
  const options = practices.data?.data.practice ?? [];
  const toggle = (id: number) =>
    setPrograms((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now, id].sort()));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { location_name: name, practice_id: Number(practiceId), program_ids: programs };
    const found = formErrors(locationBody, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await saved(open, onClose, () =>
      open.row
        ? api.call(updateLocation, {
            body: { location_id: Number(open.row.location_id), location_name: name, program_ids: programs },
          })
        : api.call(addLocation, { body, headers: { 'idempotency-key': key } }),
    );
  };

  return (
    <Dialog isOpen title={open.row ? 'Edit Location' : 'Add Location'} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <DialogBody>
          <FormField id="location-name" label="Location Name" error={errors.location_name}>
            <InputGroup id="location-name" value={name} onValueChange={setName} />
          </FormField>
          <FormField id="location-practice" label="Practice" error={errors.practice_id}>
            <ParentSelect
              id="location-practice"
              value={practiceId}
              onChange={setPracticeId}
              options={options}
              locked={open.row !== null}
            />
          </FormField>
          <FormField id="location-programs" label="Programs" error={errors.program_ids}>
            {PROGRAM_OPTIONS.map((p) => (
              <Checkbox
                key={p.program_id}
                inline
                label={p.program_name}
                checked={programs.includes(p.program_id)}
                onChange={() => toggle(p.program_id)}
              />
            ))}
          </FormField>
        </DialogBody>
        <DialogFooter actions={<Button type="submit" intent={Intent.PRIMARY} text="Save" />} />
      </form>
    </Dialog>
  );
}
