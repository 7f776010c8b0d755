import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import {
  type DuplicateCandidate,
  deactivatePatient,
  displayUtcDay,
  findDuplicatePatients,
  MSG,
  mayMergePatients,
  mergePatients,
  type PatientDemographics,
  reactivatePatient,
  SNACKBAR_MS,
} from '@rpm/shared';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../api/api-error';
import { chartOf } from '../chart/chart-tabs';
import { useApi } from '../errors/ErrorDialogProvider';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { PatientIdentity } from './PatientIdentity';
import './patient.css';

const STATUS_TEXT = {
  merged: (into: number) =>
    `This record was merged into patient ${into}. It is kept, read-only, for its history.`,
  openKept: 'Open the record kept',
  deactivated: (on: string) => `This patient was deactivated on ${on} and is not in the patient lists.`,
  reactivate: 'Reactivate',
  merge: 'Merge into another record',
  deactivate: 'Deactivate',
  mergeIntro:
    'Readings, devices, notes, tasks, minutes, alerts and every other record of this patient move to the record you choose. This record stays, marked as merged, and cannot be edited after.',
  candidates: 'Possible duplicates in this practice',
  none: 'No record of this practice has the same last name and date of birth, MRN or mobile.',
  otherId: 'Or the RPM ID of the record to keep',
  chooseOne: 'Choose the record to keep, or type its RPM ID.',
  reason: 'Reason',
  confirmMerge: 'Merge',
  deactivateIntro:
    'The patient leaves the patient lists and worklists; the record stays readable and can be reactivated.',
  confirmDeactivate: 'Deactivate',
  cancel: 'Cancel',
} as const;

/** Props of {@link RecordStatusBanner} and {@link RecordStatusActions}. */
export interface RecordStatusProps {
  readonly patient: PatientDemographics;
  /** The record changed: the chart reads it again. */
  readonly onChanged: () => void;
}

/** The chart's notice on a merged or deactivated record (decisions.md "Merging and deactivating patients"). */
export function RecordStatusBanner({ patient, onChanged }: RecordStatusProps) {
  const { user } = useSession();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  if (patient.merged_into_id !== null)
    return (
      <Callout intent={Intent.WARNING} className="record-status" role="status">
        {STATUS_TEXT.merged(patient.merged_into_id)}{' '}
        <Link href={chartOf(patient.merged_into_id)}>{STATUS_TEXT.openKept}</Link>
      </Callout>
    );
  if (patient.deactivated_at === null) return null;
  const reactivate = async () => {
    setBusy(true);
    try {
      await api.call(reactivatePatient, { body: { patient_id: patient.patient_id } });
      void showToast({ message: MSG.updatedSuccessfully, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      onChanged();
    } catch {
      // The error dialog has shown it.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Callout intent={Intent.WARNING} className="record-status" role="status">
      {STATUS_TEXT.deactivated(displayUtcDay(patient.deactivated_at.slice(0, 10)))}{' '}
      {user !== null && mayMergePatients(user.roleid) && (
        <Button small text={STATUS_TEXT.reactivate} loading={busy} onClick={() => void reactivate()} />
      )}
    </Callout>
  );
}

/** The Demographics tab's Merge and Deactivate, for the roles that may (PATIENT_MERGE_ROLES). */
export function RecordStatusActions({ patient, onChanged }: RecordStatusProps) {
  const { user } = useSession();
  const [open, setOpen] = useState<'merge' | 'deactivate' | null>(null);
  if (user === null || !mayMergePatients(user.roleid)) return null;
  if (patient.merged_into_id !== null || patient.deactivated_at !== null) return null;
  return (
    <>
      <Button icon="merge-columns" text={STATUS_TEXT.merge} onClick={() => setOpen('merge')} />
      <Button icon="disable" text={STATUS_TEXT.deactivate} onClick={() => setOpen('deactivate')} />
      {open === 'merge' && <MergeDialog patient={patient} onClose={() => setOpen(null)} />}
      {open === 'deactivate' && (
        <DeactivateDialog
          patient={patient}
          onClose={(done) => {
            setOpen(null);
            if (done) onChanged();
          }}
        />
      )}
    </>
  );
}

/**
 * A confirming dialog with a required reason: runs `act` with it, shows a refusal naming a field in place, and
 * closes on success with the spec's 'Updated Successfully' toast.
 */
function ReasonDialog({
  title,
  intro,
  confirm,
  act,
  onClose,
  children,
}: {
  readonly title: string;
  readonly intro: string;
  readonly confirm: string;
  readonly act: (reason: string) => Promise<void>;
  readonly onClose: (done: boolean) => void;
  readonly children?: ReactNode;
}) {
  const api = useApi();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await act(reason);
      void showToast({ message: MSG.updatedSuccessfully, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      onClose(true);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500 && error.field) setProblem(error.message);
      else if (error instanceof ApiError) void api.showError(error);
      else if (error instanceof Error) setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };
  const id = `${title.replace(/\W+/g, '-').toLowerCase()}-reason`;
  return (
    <Dialog isOpen title={title} onClose={() => onClose(false)} className="record-status-dialog">
      <form noValidate onSubmit={submit}>
        <DialogBody>
          <p>{intro}</p>
          {children}
          <FormGroup label={STATUS_TEXT.reason} labelFor={id}>
            <TextArea id={id} fill value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormGroup>
          {problem && (
            <Callout intent={Intent.DANGER} role="alert">
              {problem}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={STATUS_TEXT.cancel} onClick={() => onClose(false)} />
              <Button type="submit" intent={Intent.DANGER} text={confirm} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function MergeDialog({
  patient,
  onClose,
}: {
  readonly patient: PatientDemographics;
  readonly onClose: () => void;
}) {
  const api = useApi();
  const [, navigate] = useLocation();
  const [candidates, setCandidates] = useState<readonly DuplicateCandidate[] | null>(null);
  const [chosen, setChosen] = useState('');

  useEffect(() => {
    let live = true;
    api
      .call(findDuplicatePatients, {
        body: {
          practice_id: patient.prac_id,
          lastname: patient.lastname,
          dob: patient.dob,
          mrn: patient.mrn ?? '',
          mobile: patient.mobile,
          patient_id: patient.patient_id,
        },
      })
      .then((answer) => {
        if (live) setCandidates(answer.data.candidates.filter((c) => c.practice_id === patient.prac_id));
      })
      .catch(() => live && setCandidates([]));
    return () => {
      live = false;
    };
  }, [api, patient]);

  const act = async (reason: string) => {
    const into = Number(chosen);
    if (!Number.isInteger(into) || into <= 0) throw new Error(STATUS_TEXT.chooseOne);
    await api.call(
      mergePatients,
      { body: { patient_id: patient.patient_id, into_patient_id: into, reason } },
      { quiet: true },
    );
    navigate(chartOf(into));
  };

  return (
    <ReasonDialog
      title={STATUS_TEXT.merge}
      intro={STATUS_TEXT.mergeIntro}
      confirm={STATUS_TEXT.confirmMerge}
      act={act}
      onClose={onClose}
    >
      {candidates === null ? (
        <p>{MSG.loading}</p>
      ) : candidates.length === 0 ? (
        <p>{STATUS_TEXT.none}</p>
      ) : (
        <RadioGroup
          label={STATUS_TEXT.candidates}
          selectedValue={chosen}
          onChange={(e) => setChosen(e.currentTarget.value)}
        >
          {candidates.map((c) => (
            <Radio
              key={c.patient_id}
              value={String(c.patient_id)}
              labelElement={<PatientIdentity patient={c} />}
            />
          ))}
        </RadioGroup>
      )}
      <FormGroup label={STATUS_TEXT.otherId} labelFor="merge-into">
        <InputGroup
          id="merge-into"
          inputMode="numeric"
          value={chosen}
          onValueChange={(value) => setChosen(value.replace(/\D/g, ''))}
        />
      </FormGroup>
    </ReasonDialog>
  );
}

function DeactivateDialog({
  patient,
  onClose,
}: {
  readonly patient: PatientDemographics;
  readonly onClose: (done: boolean) => void;
}) {
  const api = useApi();
  return (
    <ReasonDialog
      title={STATUS_TEXT.deactivate}
      intro={STATUS_TEXT.deactivateIntro}
      confirm={STATUS_TEXT.confirmDeactivate}
      act={async (reason) => {
        await api.call(
          deactivatePatient,
          { body: { patient_id: patient.patient_id, reason } },
          { quiet: true },
        );
      }}
      onClose={onClose}
    />
  );
}
