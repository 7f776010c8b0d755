import {
  Button,
  Callout,
  Card,
  FormGroup,
  H2,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
} from '@blueprintjs/core';
import {
  addPatient,
  type DuplicateCandidate,
  ENROLMENT_PROGRAMS,
  findDuplicatePatients,
  getRegistrationOptions,
  MSG,
  mayEditPatients,
  type NewPatientInput,
  NO_PATIENT_EDIT,
  newPatientFields,
  SNACKBAR_MS,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { useActionKey } from '../api/action-key';
import { ApiError } from '../api/api-error';
import { useCall } from '../api/use-call';
import { chartOf } from '../chart/chart-tabs';
import { useApi } from '../errors/ErrorDialogProvider';
import { describedById, FormField } from '../form/FormField';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { DuplicateDialog } from './DuplicateDialog';
import { PatientRecordFields } from './PatientRecordFields';
import { EMPTY_REGISTRATION, fieldErrors, type RegistrationValues, registrationInput } from './record-form';
import './patient.css';

export const REGISTER_TITLE = 'New Patient';
const REGISTER_TEXT = {
  save: 'Register Patient',
  practice: 'Practice *',
  diagnoses: 'Diagnosis Codes (ICD-10-CM) *',
  diagnosesHint: 'The first is the primary; separate codes with commas, e.g. I10, E11.9',
  programs: 'Programs',
  notEnrolled: 'Not enrolled',
  fix: 'Correct the fields marked below.',
  cancel: 'Cancel',
} as const;

/** Where a new chart opens. */

/**
 * Registration (decisions.md "Patient registration"): the record, practice, diagnosis codes and programs;
 * Save checks the fields, then asks for possible duplicates and lets the user open one or confirm a new record;
 * the new chart opens after saving.
 */
export function RegisterPatientPage() {
  const { user } = useSession();
  if (!user || !mayEditPatients(user.roleid))
    return <NonIdealState icon="lock" title={REGISTER_TITLE} description={NO_PATIENT_EDIT} />;
  return <RegisterForm />;
}

function RegisterForm() {
  const api = useApi();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [duplicates, setDuplicates] = useState<{ candidates: DuplicateCandidate[]; outside: number } | null>(
    null,
  );
  const key = useActionKey(values);
  const options = useCall(getRegistrationOptions, {
    query: values.practice_id === '' ? {} : { practice_id: Number(values.practice_id) },
  });
  const data = options.data?.data ?? null;

  const set = (patch: Partial<RegistrationValues>) => setValues((v) => ({ ...v, ...patch }));
  const setField = (field: string, value: string) => {
    set({ [field]: value } as Partial<RegistrationValues>);
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const save = async (input: NewPatientInput, confirmed: boolean) => {
    setSaving(true);
    try {
      const answer = await api.call(
        addPatient,
        { body: { ...input, confirm_duplicates: confirmed }, headers: { 'idempotency-key': key } },
        { quiet: true },
      );
      void showToast({ message: MSG.addedSuccessfully, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      navigate(chartOf(answer.data.patient_id));
    } catch (error) {
      if (error instanceof ApiError && error.field === 'confirm_duplicates') await check(input);
      else if (error instanceof ApiError && error.field && error.status < 500)
        setErrors({ [error.field]: error.message });
      else if (error instanceof ApiError) void api.showError(error);
    } finally {
      setSaving(false);
    }
  };

  /** Asks for possible duplicates; saves at once when there are none. */
  const check = async (input: NewPatientInput) => {
    const found = await api.call(findDuplicatePatients, {
      body: {
        practice_id: input.practice_id,
        lastname: input.lastname,
        dob: input.dob,
        mrn: input.mrn,
        mobile: input.mobile === '' || input.mobile === null ? null : input.mobile,
      },
    });
    const { candidates, outside_scope: outside } = found.data;
    if (candidates.length + outside > 0) setDuplicates({ candidates, outside });
    else await save(input, false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const input = registrationInput(values);
    const found = fieldErrors(newPatientFields, input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await check(input);
    } catch {
      // The error dialog has shown it.
    } finally {
      setSaving(false);
    }
  };

  const practiceId = 'register-practice_id';
  const diagnosesId = 'register-diagnosis_codes';
  return (
    <Card className="patient-form">
      <H2>{REGISTER_TITLE}</H2>
      <form noValidate onSubmit={submit} aria-label={REGISTER_TITLE}>
        {Object.keys(errors).length > 0 && (
          <Callout intent={Intent.DANGER} role="alert" className="patient-form-alert">
            {REGISTER_TEXT.fix}
          </Callout>
        )}
        <FormField id={practiceId} label={REGISTER_TEXT.practice} error={errors.practice_id}>
          <HTMLSelect
            id={practiceId}
            fill
            value={values.practice_id}
            onChange={(e) => {
              set({
                practice_id: e.currentTarget.value,
                location_id: '',
                physician_id: '',
                care_coordinator_id: '',
              });
              setErrors(({ practice_id: _gone, ...rest }) => rest);
            }}
          >
            <option value="">Select Practice</option>
            {data?.practices.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </HTMLSelect>
        </FormField>
        <PatientRecordFields
          idPrefix="register"
          values={values}
          errors={errors}
          options={data}
          onChange={setField}
        />
        <fieldset className="patient-form-group">
          <legend>Clinical</legend>
          <FormField
            id={diagnosesId}
            label={REGISTER_TEXT.diagnoses}
            error={errors.diagnosis_codes}
            hint={REGISTER_TEXT.diagnosesHint}
          >
            <InputGroup
              id={diagnosesId}
              value={values.diagnosis_codes}
              onValueChange={(value) => setField('diagnosis_codes', value)}
              intent={errors.diagnosis_codes ? 'danger' : 'none'}
              aria-describedby={describedById(diagnosesId)}
            />
          </FormField>
          <FormGroup label={REGISTER_TEXT.programs} className="patient-form-programs">
            <div className="patient-form-grid">
              {ENROLMENT_PROGRAMS.map((program) => {
                const id = `register-program-${program}`;
                const error = errors[`programs.${program}`];
                return (
                  <FormField key={program} id={id} label={program} error={error}>
                    <HTMLSelect
                      id={id}
                      fill
                      value={values.programs[program]}
                      onChange={(e) =>
                        set({ programs: { ...values.programs, [program]: e.currentTarget.value } })
                      }
                    >
                      {program !== 'RPM' && <option value="">{REGISTER_TEXT.notEnrolled}</option>}
                      {data?.statuses[program].map((s) => (
                        <option key={s.value} value={s.value}>
                          {s.label}
                        </option>
                      ))}
                    </HTMLSelect>
                  </FormField>
                );
              })}
            </div>
          </FormGroup>
        </fieldset>
        <div className="patient-form-actions">
          <Button text={REGISTER_TEXT.cancel} onClick={() => navigate('/app/patients')} />
          <Button type="submit" intent={Intent.PRIMARY} text={REGISTER_TEXT.save} loading={saving} />
        </div>
      </form>
      {duplicates && (
        <DuplicateDialog
          candidates={duplicates.candidates}
          outsideScope={duplicates.outside}
          busy={saving}
          onOpen={(patientId) => navigate(chartOf(patientId))}
          onConfirm={() => {
            setDuplicates(null);
            void save(registrationInput(values), true);
          }}
          onClose={() => setDuplicates(null)}
        />
      )}
    </Card>
  );
}
