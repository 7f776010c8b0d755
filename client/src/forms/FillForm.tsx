import { Callout, DialogBody, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import {
  displayDateTime,
  type FormAnswers,
  type FormSubmission,
  formAnswerText,
  getForm,
  getFormSubmissions,
  identityText,
  submitForm,
} from '@rpm/shared';
import { useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { useSession } from '../session/SessionProvider';
import { usePatientResults } from '../shell/menu/use-patient-results';
import { showToast } from '../toaster/toast';
import { GeneratedForm } from './GeneratedForm';

export interface FillFormProps {
  readonly formId: number;
  /** Called after each submission (the list's counts change). */
  readonly onSubmitted: () => void;
}

/** One earlier submission: when, by whom, and each answer under the label it was given for. */
function SubmissionCard({ submission }: { readonly submission: FormSubmission }) {
  return (
    <HTMLTable
      compact
      className="form-submission"
      aria-label={`Submitted ${displayDateTime(submission.submitted_at)}`}
    >
      <caption>
        {displayDateTime(submission.submitted_at)} · {submission.submitted_by} · version{' '}
        {submission.form_version}
      </caption>
      <tbody>
        {submission.fields.map((field) => (
          <tr key={field.key}>
            <th scope="row">{field.label}</th>
            <td>{formAnswerText(submission.answers[field.key])}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * Fill in (decisions.md "Form"): the patient found as in the header search, then the form's fields, and the patient's
 * earlier answers to this form below.
 */
export function FillForm({ formId, onSubmitted }: FillFormProps) {
  const { call } = useApi();
  const { user } = useSession();
  const form = useCall(getForm, { query: { form_id: formId } }).data?.data;
  const [search, setSearch] = useState('');
  const [patientId, setPatientId] = useState('');
  const [round, setRound] = useState(0);
  const found = usePatientResults(search, false, user?.user_id).patients;
  const submissions = useCall(
    getFormSubmissions,
    { query: { patient_id: Number(patientId), form_id: formId } },
    { enabled: patientId !== '' },
  );
  const key = useActionKey(formId, patientId, round);

  const send = async (answers: FormAnswers) => {
    try {
      const answer = await call(submitForm, {
        body: { form_id: formId, patient_id: Number(patientId), answers },
        headers: { 'idempotency-key': key },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      setRound((n) => n + 1);
      submissions.reload();
      onSubmitted();
    } catch {
      // Shown by the error dialog (000 §8).
    }
  };

  if (!form) return <DialogBody>Loading…</DialogBody>;
  const earlier = patientId === '' ? [] : (submissions.data?.data ?? []);
  return (
    <DialogBody>
      {form.description && <p>{form.description}</p>}
      <FormGroup label="Find patient" labelFor="fill-search">
        <InputGroup
          id="fill-search"
          placeholder="Patient name, DOB, MRN or RPM ID"
          value={search}
          onValueChange={setSearch}
        />
      </FormGroup>
      <FormGroup label="Patient*" labelFor="fill-patient">
        <HTMLSelect
          id="fill-patient"
          fill
          value={patientId}
          onChange={(e) => setPatientId(e.currentTarget.value)}
        >
          <option value="">Select a patient</option>
          {found.map((p) => (
            <option key={p.patient_id} value={p.patient_id}>
              {identityText(p)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {patientId !== '' && (
        <>
          <GeneratedForm
            key={`${patientId}-${round}`}
            fields={form.fields}
            label={form.title}
            onSubmit={send}
          />
          <h3>Earlier submissions</h3>
          {earlier.length === 0 ? (
            <Callout>No submissions yet for this patient.</Callout>
          ) : (
            earlier.map((submission) => (
              <SubmissionCard key={submission.submission_id} submission={submission} />
            ))
          )}
        </>
      )}
    </DialogBody>
  );
}
