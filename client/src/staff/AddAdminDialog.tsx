import { Callout, Dialog, DialogBody, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import {
  addExistingToMap,
  addUser,
  checkUsername,
  ERROR_BAR_MS,
  getAllByOrgId,
  getAllPractices,
  getLocationsByPracticeIdOrgId,
  getOrgByPracticeId,
  isoDay,
  type LiveField,
  liveFieldError,
  MSG,
  passwordStrength,
  passwordStrengthLabel,
  SNACKBAR_MS,
  type StaffTable,
} from '@rpm/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { FormDialogFooter } from '../form/FormDialogFooter';
import { PasswordField } from '../form/PasswordField';
import { showToast } from '../toaster/toast';
import { type AddAdminValues, addAdminSubmission, EMPTY_PERSON, type MapNames } from './add-admin-form';
import { ChoiceSelect } from './ChoiceSelect';
import { MapConfirmAlert } from './MapConfirmAlert';
import { PERSON_FIELDS, PersonField } from './PersonField';
import './staff.css';

export interface AddAdminDialogProps {
  readonly isOpen: boolean;
  /** The staff table whose role the person is given: 'Add Admin' on the Admins table, 'Add Nurse'... elsewhere. */
  readonly table: StaffTable;
  readonly onClose: () => void;
  /** An admin was added or mapped: the table reloads. */
  readonly onSaved: () => void;
}

/**
 * The Add Admin dialog (001 §2.8, §4, §5, §7): Select Admin or Add New Admin, Save and Close. Every staff table
 * opens it for its own role with the role's name in the texts (decisions.md "Add staff of any role").
 */
export function AddAdminDialog({ isOpen, table, onClose, onSaved }: AddAdminDialogProps) {
  return (
    <Dialog isOpen={isOpen} title={`Add ${table.one}`} onClose={onClose} canOutsideClickClose={false}>
      {isOpen && <AddAdminForm table={table} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

const FORM_ID = 'add-admin-form';
const LIVE_FIELDS: readonly LiveField[] = [...PERSON_FIELDS.map((spec) => spec.field), 'password'];

/** The message under every field, as if each had been left (a taken user name keeps its message). */
function liveErrorsOf(person: AddAdminValues['person'], today: string, taken: boolean) {
  return Object.fromEntries(
    LIVE_FIELDS.map((field) => [
      field,
      (field === 'username' && taken ? MSG.usernameExists : liveFieldError(field, person[field], today)) ??
        undefined,
    ]),
  ) as Partial<Record<LiveField, string>>;
}

type MapBody = Extract<ReturnType<typeof addAdminSubmission>, { kind: 'select' }>['body'];
const nameOf = (user: { firstname: string; lastname: string } | undefined) =>
  user ? `${user.firstname} ${user.lastname}` : '';

function AddAdminForm({ table, onClose, onSaved }: Omit<AddAdminDialogProps, 'isOpen'>) {
  const api = useApi();
  const [values, setValues] = useState<AddAdminValues>({
    mode: 'select',
    roleId: table.roleId,
    practiceId: null,
    organizationId: null,
    locationId: null,
    programId: null,
    userId: null,
    person: EMPTY_PERSON,
  });
  const [live, setLive] = useState<Partial<Record<LiveField, string>>>({});
  const [taken, setTaken] = useState(false);
  const [bar, setBar] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Select mode: what Save would send and the names the confirmation shows.
  const [confirming, setConfirming] = useState<{ body: MapBody; names: MapNames } | null>(null);
  const barTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = useActionKey(values);
  const set = (patch: Partial<AddAdminValues>) => setValues((v) => ({ ...v, ...patch }));

  const practices = useCall(getAllPractices, {});
  const practiceId = values.practiceId;
  const orgs = useCall(
    getOrgByPracticeId,
    { headers: { practice_id: practiceId ?? 0 } },
    { enabled: practiceId !== null },
  );
  const orgId = values.organizationId;
  const locations = useCall(
    getLocationsByPracticeIdOrgId,
    { headers: { organization_id: orgId ?? 0, practice_id: practiceId ?? 0 } },
    { enabled: practiceId !== null && orgId !== null },
  );
  // Only the users the role and place admit (decisions.md "Select Admin eligibility and removal").
  const users = useCall(
    getAllByOrgId,
    {
      query: {
        organization_id: orgId ?? 0,
        practice_id: practiceId ?? 0,
        location_id: values.locationId ?? 0,
        roleid: table.roleId,
      },
    },
    { enabled: orgId !== null && values.locationId !== null && values.mode === 'select' },
  );
  const location = locations.data?.data.find((l) => l.location_id === values.locationId);

  // The practice's organisation is chosen as soon as it is known (one organisation per practice).
  const firstOrg = orgs.data?.data[0]?.organization_id ?? null;
  useEffect(() => {
    if (firstOrg !== null) setValues((v) => ({ ...v, organizationId: firstOrg }));
  }, [firstOrg]);
  useEffect(() => () => clearTimeout(barTimer.current), []);

  /** 001 §8: Add Admin form errors show as a top-right bar that hides after 3 seconds. */
  const showBar = (message: string) => {
    setBar(message);
    clearTimeout(barTimer.current);
    barTimer.current = setTimeout(() => setBar(null), ERROR_BAR_MS);
  };

  const today = isoDay(new Date());
  const setPerson = (field: LiveField, value: string) => {
    set({ person: { ...values.person, [field]: value } });
    if (live[field] !== undefined)
      setLive((l) => ({ ...l, [field]: liveFieldError(field, value, today) ?? undefined }));
    if (field === 'username') setTaken(false);
  };
  const blur = async (field: LiveField) => {
    const value = values.person[field];
    const message = liveFieldError(field, value, today);
    setLive((l) => ({ ...l, [field]: message ?? undefined }));
    if (field !== 'username' || message !== null) return;
    // 001 §5: the name is checked on the server; a taken one blocks submit.
    try {
      const answer = await api.call(checkUsername, { body: { username: value.trim().toLowerCase() } });
      setTaken(answer.exists);
      if (answer.exists) setLive((l) => ({ ...l, username: MSG.usernameExists }));
    } catch {
      // The error dialog shows it.
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const submission = addAdminSubmission(values, today, taken);
    if (submission.kind === 'error') {
      // 001 §5, §8; decisions.md "Add Admin submit messages": every field's message at once, the bar the first.
      if (values.mode === 'new') setLive(liveErrorsOf(values.person, today, taken));
      showBar(submission.message);
      return;
    }
    if (submission.kind === 'select') {
      setConfirming({ body: submission.body, names: namesOf(submission.body) });
      return;
    }
    await send(
      () => api.call(addUser, { body: submission.body, headers: { 'idempotency-key': key } }),
      false,
    );
  };

  const namesOf = (body: MapBody): MapNames => ({
    user: nameOf(users.data?.data.find((u) => u.user_id === body.userid)),
    organization:
      orgs.data?.data.find((o) => o.organization_id === body.organization_id)?.organization_name ?? '',
    practice: practices.data?.data.find((p) => p.practice_id === body.practice_id)?.label ?? '',
    location: location?.location_name ?? '',
  });

  const send = async (write: () => Promise<unknown>, selecting: boolean) => {
    setSaving(true);
    try {
      await write();
      // 001 §4: success shows a confirmation bar and closes the dialog; the table reloads.
      void showToast({ message: MSG.addedSuccessfully, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      onSaved();
    } catch {
      // The error dialog shows it; in existing-user mode the dialog also closes (001 §4).
      if (selecting) onClose();
    } finally {
      setSaving(false);
    }
  };

  const strength = passwordStrength(values.person.password);
  return (
    <>
      <DialogBody>
        {bar !== null && (
          <div className="add-admin-error-bar">
            <Callout intent={Intent.DANGER} role="alert">
              {bar}
            </Callout>
          </div>
        )}
        <form id={FORM_ID} noValidate onSubmit={submit}>
          <RadioGroup
            inline
            selectedValue={values.mode}
            onChange={(e) => set({ mode: e.currentTarget.value === 'new' ? 'new' : 'select' })}
          >
            <Radio value="select" label={`Select ${table.one}`} />
            <Radio value="new" label={`Add New ${table.one}`} />
          </RadioGroup>
          <ChoiceSelect
            id="admin-practice"
            label="Practice"
            value={values.practiceId}
            options={practices.data?.data.map((p) => ({ value: p.practice_id, label: p.label }))}
            onPick={(id) =>
              set({ practiceId: id, organizationId: null, locationId: null, programId: null, userId: null })
            }
          />
          <ChoiceSelect
            id="admin-organization"
            label="Organization"
            value={values.organizationId}
            options={orgs.data?.data.map((o) => ({ value: o.organization_id, label: o.organization_name }))}
            onPick={(id) => set({ organizationId: id, locationId: null, programId: null, userId: null })}
          />
          <ChoiceSelect
            id="admin-location"
            label="Location"
            value={values.locationId}
            options={locations.data?.data.map((l) => ({ value: l.location_id, label: l.location_name }))}
            onPick={(id) => set({ locationId: id, programId: null, userId: null })}
          />
          <ChoiceSelect
            id="admin-program"
            label="Program"
            value={values.programId}
            options={location?.programs.map((p) => ({ value: p.program_id, label: p.program_name }))}
            onPick={(id) => set({ programId: id })}
          />
          {values.mode === 'select' ? (
            <ChoiceSelect
              id="admin-user"
              label="User"
              value={values.userId}
              options={users.data?.data.map((u) => ({ value: u.user_id, label: nameOf(u) }))}
              onPick={(id) => set({ userId: id })}
            />
          ) : (
            PERSON_FIELDS.map((spec) => (
              <PersonField
                key={spec.field}
                id={`admin-${spec.field}`}
                spec={spec}
                value={values.person[spec.field]}
                error={live[spec.field]}
                onChange={(text) => setPerson(spec.field, text)}
                onBlur={() => void blur(spec.field)}
              />
            ))
          )}
          {values.mode === 'new' && (
            <PasswordField
              id="admin-password"
              label="Password"
              autoComplete="new-password"
              value={values.person.password}
              onChange={(text) => setPerson('password', text)}
              error={live.password}
              hint={values.person.password === '' ? undefined : passwordStrengthLabel(strength)}
            />
          )}
        </form>
      </DialogBody>
      <FormDialogFooter formId={FORM_ID} onClose={onClose} busy={saving} />
      <MapConfirmAlert
        table={table}
        names={confirming?.names ?? null}
        busy={saving}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const body = confirming?.body;
          if (body) void send(() => api.call(addExistingToMap, { body }), true);
        }}
      />
    </>
  );
}
