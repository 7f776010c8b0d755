import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Intent,
} from '@blueprintjs/core';
import type { DUPLICATE_REASONS, DuplicateCandidate } from '@rpm/shared';
import { PatientIdentity } from './PatientIdentity';

const DUPLICATE_TEXT = {
  title: 'Possible duplicate',
  intro:
    'These patients may be the one you are registering. Open the record, or confirm this is a new patient.',
  outside: (n: number) =>
    n === 1
      ? '1 more matching record is in a practice you cannot see.'
      : `${n} more matching records are in practices you cannot see.`,
  open: 'Open',
  confirm: 'Register as a new patient',
  back: 'Back to the form',
} as const;

const REASON: Readonly<Record<(typeof DUPLICATE_REASONS)[number], string>> = {
  name_dob: 'Same last name and date of birth',
  mrn: 'Same MRN',
  mobile: 'Same mobile',
};

export interface DuplicateDialogProps {
  readonly candidates: readonly DuplicateCandidate[];
  /** Matches the user may not see, as a count. */
  readonly outsideScope: number;
  readonly busy: boolean;
  readonly onOpen: (patientId: number) => void;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** The duplicate check before saving: the candidates with why each matched; open one or confirm. */
export function DuplicateDialog({
  candidates,
  outsideScope,
  busy,
  onOpen,
  onConfirm,
  onClose,
}: DuplicateDialogProps) {
  return (
    <Dialog isOpen title={DUPLICATE_TEXT.title} onClose={onClose} style={{ width: 640 }}>
      <DialogBody>
        <p>{DUPLICATE_TEXT.intro}</p>
        {candidates.length > 0 && (
          <HTMLTable compact striped className="duplicate-table">
            <thead>
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">Practice</th>
                <th scope="col">Matched on</th>
                <th scope="col">
                  <span className={Classes.TEXT_MUTED}>Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {candidates.map((c) => (
                <tr key={c.patient_id}>
                  <td>
                    <PatientIdentity patient={c} />
                  </td>
                  <td>{c.practice_name}</td>
                  <td>{c.reasons.map((r) => REASON[r]).join(', ')}</td>
                  <td>
                    <Button
                      small
                      text={DUPLICATE_TEXT.open}
                      aria-label={`${DUPLICATE_TEXT.open} ${c.lastname}, ${c.firstname}`}
                      onClick={() => onOpen(c.patient_id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        {outsideScope > 0 && (
          <Callout intent={Intent.WARNING}>{DUPLICATE_TEXT.outside(outsideScope)}</Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={DUPLICATE_TEXT.back} onClick={onClose} />
            <Button
              intent={Intent.WARNING}
              text={DUPLICATE_TEXT.confirm}
              loading={busy}
              onClick={onConfirm}
            />
          </>
        }
      />
    </Dialog>
  );
}
