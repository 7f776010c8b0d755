import { Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { isoDay, liveFieldError, SNACKBAR_MS, type StaffRow, updateStaff } from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { FormDialogFooter } from '../form/FormDialogFooter';
import { showToast } from '../toaster/toast';
import { EDIT_FIELDS, type EditField, PersonField, personErrors } from './PersonField';

export interface EditStaffDialogProps {
  /** The member edited; null closes the dialog. */
  readonly member: StaffRow | null;
  readonly onClose: () => void;
  /** The member was saved: the table reloads. */
  readonly onSaved: () => void;
}

/** Edit a staff member's name, birth date and numbers with the staff form's rules (001 §5). */
export function EditStaffDialog({ member, onClose, onSaved }: EditStaffDialogProps) {
  return (
    <Dialog isOpen={member !== null} title={`Edit ${member?.name ?? ''}`} onClose={onClose}>
      {member && <EditStaffForm member={member} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

const FORM_ID = 'edit-staff-form';

function EditStaffForm({ member, onClose, onSaved }: EditStaffDialogProps & { readonly member: StaffRow }) {
  const api = useApi();
  const [values, setValues] = useState<Record<EditField, string>>({
    firstname: member.firstname,
    lastname: member.lastname,
    dob: member.dob,
    phone: member.phone,
    mobile: member.mobile ?? '',
    fax: member.fax,
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);
  const today = isoDay(new Date());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const body = {
      userid: member.user_id,
      ...values,
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
    };
    const found = personErrors(updateStaff.body, body, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const answer = await api.call(updateStaff, { body });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      onSaved();
    } catch {
      // The error dialog shows it; the dialog stays open with the values typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <DialogBody>
        <p>{member.username}</p>
        <form id={FORM_ID} noValidate onSubmit={submit}>
          {EDIT_FIELDS.map((spec) => (
            <PersonField
              key={spec.field}
              id={`staff-${spec.field}`}
              spec={spec}
              value={values[spec.field]}
              error={errors[spec.field]}
              onChange={(text) => setValues((v) => ({ ...v, [spec.field]: text }))}
              onBlur={() =>
                setErrors((e) => ({
                  ...e,
                  [spec.field]: liveFieldError(spec.field, values[spec.field], today) ?? undefined,
                }))
              }
            />
          ))}
        </form>
      </DialogBody>
      <FormDialogFooter formId={FORM_ID} onClose={onClose} busy={saving} />
    </>
  );
}
