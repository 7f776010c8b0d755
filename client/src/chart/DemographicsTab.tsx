import { Button, Callout, Intent } from '@blueprintjs/core';
import {
  displayPhone,
  displayUtcDay,
  getPatientDetailById,
  getRegistrationOptions,
  MSG,
  mayEditPatients,
  PATIENT_GENDERS,
  type PatientDemographics,
  patientRecordFields,
  SNACKBAR_MS,
  STALE_PATIENT_EDIT,
  updatePatientDemographics,
  withInsuranceRule,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/api-error';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { FactsTable } from '../form/FactsTable';
import { FIELD_LABELS, PatientRecordFields } from '../patient/PatientRecordFields';
import { RecordStatusActions } from '../patient/RecordStatus';
import {
  changedFields,
  fieldErrors,
  type RecordField,
  type RecordValues,
  recordInput,
  recordValuesOf,
} from '../patient/record-form';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import '../patient/patient.css';

export interface DemographicsTabProps {
  readonly patient: PatientDemographics | null;
  /** The record was saved: the chart shows the stored one. */
  readonly onSaved?: (patient: PatientDemographics) => void;
  /** The record was deactivated: the chart reads it again. */
  readonly onChanged?: () => void;
}

const EDIT_TEXT = { edit: 'Edit Demographics', cancel: 'Cancel', save: 'Save' } as const;
const editSchema = withInsuranceRule(patientRecordFields);
const orDash = (text: string | null) => (text === null || text === '' ? '-' : text);

/**
 * The Demographics tab (000 §2.3; 001 §3 "Patient demographics"): the record of getdetailbyid, and for the roles
 * that edit patients (decisions.md "Patient registration") an edit form saved with the version it read.
 */
export function DemographicsTab({ patient, onSaved, onChanged }: DemographicsTabProps) {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  if (!patient) return <p>{MSG.loading}</p>;
  if (editing)
    return (
      <DemographicsForm
        patient={patient}
        onDone={(saved) => {
          setEditing(false);
          if (saved) onSaved?.(saved);
        }}
      />
    );
  const address = [patient.address_line1, patient.address_line2, patient.city, patient.state, patient.zip]
    .filter((part) => part)
    .join(', ');
  const rows: [string, string][] = [
    ['First Name', patient.firstname],
    ['Last Name', patient.lastname],
    ['Date of Birth', displayUtcDay(patient.dob)],
    ['Gender', PATIENT_GENDERS[patient.gender]],
    ['MRN', orDash(patient.mrn)],
    ['RPM ID', String(patient.patient_id)],
    ['Mobile', orDash(patient.mobile && displayPhone(patient.mobile))],
    ['Phone', orDash(patient.phone && displayPhone(patient.phone))],
    ['Email', orDash(patient.email)],
    ['Address', orDash(address)],
    ['Language', patient.language],
    [
      'Insurance',
      patient.insurance_plan_name ? `${patient.insurance_plan_name} (${patient.insurance_member_id})` : '-',
    ],
    ['Diagnosis Code', orDash(patient.diagnosis_code)],
    ['Health Med Id', orDash(patient.health_med_id)],
    ['Authorization Number', orDash(patient.auth_number)],
    ['Setup Date', patient.setup_date ? displayUtcDay(patient.setup_date) : '-'],
    ['Physician', orDash(patient.physician_name)],
    ['Care Coordinator', orDash(patient.care_coordinator_name)],
    ['Organization', patient.organization_name],
    ['Practice', patient.practice_name],
    ['Location', patient.location_name],
  ];
  const mayEdit = user !== null && mayEditPatients(user.roleid) && patient.merged_into_id === null;
  return (
    <>
      <div className="patient-form-actions">
        {mayEdit && <Button icon="edit" text={EDIT_TEXT.edit} onClick={() => setEditing(true)} />}
        <RecordStatusActions patient={patient} onChanged={() => onChanged?.()} />
      </div>
      <FactsTable rows={rows} className="chart-demographics" />
    </>
  );
}

/** What another save changed while the form was open, and which of those the user had changed too. */
interface Conflict {
  readonly theirs: readonly RecordField[];
  readonly both: ReadonlySet<RecordField>;
}

function DemographicsForm({
  patient,
  onDone,
}: {
  readonly patient: PatientDemographics;
  readonly onDone: (saved: PatientDemographics | null) => void;
}) {
  const api = useApi();
  const [opened, setOpened] = useState(() => ({ values: recordValuesOf(patient), version: patient.version }));
  const [values, setValues] = useState<RecordValues>(opened.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saving, setSaving] = useState(false);
  const options = useCall(getRegistrationOptions, { query: { practice_id: patient.prac_id } });

  const reload = async () =>
    (await api.call(getPatientDetailById, { body: { patient_id: patient.patient_id, type: 'demographics' } }))
      .data;

  /** A stale save: the form takes the stored version, keeping the user's own changes over it. */
  const rebase = async () => {
    const stored = await reload();
    const latest = recordValuesOf(stored);
    const mine = changedFields(opened.values, values);
    const theirs = changedFields(opened.values, latest);
    setConflict({ theirs, both: new Set(mine.filter((field) => theirs.includes(field))) });
    setOpened({ values: latest, version: stored.version });
    setValues({ ...latest, ...Object.fromEntries(mine.map((field) => [field, values[field]])) });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const input = recordInput(values);
    const found = fieldErrors(editSchema, input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await api.call(
        updatePatientDemographics,
        { body: { ...input, patient_id: patient.patient_id, version: opened.version } },
        { quiet: true },
      );
      void showToast({ message: MSG.updatedSuccessfully, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      onDone(await reload());
    } catch (error) {
      if (error instanceof ApiError && error.field === 'version') await rebase();
      else if (error instanceof ApiError && error.field && error.status < 500)
        setErrors({ [error.field]: error.message });
      else if (error instanceof ApiError) void api.showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label={EDIT_TEXT.edit} className="patient-form">
      {conflict && (
        <Callout
          intent={Intent.WARNING}
          role="alert"
          className="patient-form-alert"
          title={STALE_PATIENT_EDIT}
        >
          <ul>
            {conflict.theirs.map((field) => (
              <li key={field}>
                {FIELD_LABELS[field]}: now ‘{opened.values[field] || '-'}’
                {conflict.both.has(field) ? ' (you changed it too: your value is in the form)' : ''}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      <PatientRecordFields
        idPrefix="demographics"
        values={values}
        errors={errors}
        options={options.data?.data ?? null}
        onChange={(field, value) => {
          setValues((v) => ({ ...v, [field]: value }));
          setErrors(({ [field]: _gone, ...rest }) => rest);
        }}
      />
      <div className="patient-form-actions">
        <Button text={EDIT_TEXT.cancel} onClick={() => onDone(null)} />
        <Button type="submit" intent={Intent.PRIMARY} text={EDIT_TEXT.save} loading={saving} />
      </div>
    </form>
  );
}
