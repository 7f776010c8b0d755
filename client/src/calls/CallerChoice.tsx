import { Button, Callout, Classes } from '@blueprintjs/core';
import type { PatientMatch } from '@rpm/shared';
import { useId } from 'react';
import { PatientIdentity } from '../patient/PatientIdentity';
import { CALL_TEXT } from './call-texts';

export interface CallerChoiceProps {
  /** The patients in the agent's scope who share the caller's number (two or more). */
  readonly patients: readonly PatientMatch[];
  readonly onChoose: (patientId: number) => void;
  readonly onDismiss: () => void;
}

/**
 * The incoming-call prompt when several patients share the caller's number (000 §4.9 has one;
 * decisions.md "Caller lookup of a shared number"): each named as everywhere, with the practice; the agent opens
 * the right chart.
 */
export function CallerChoice({ patients, onChoose, onDismiss }: CallerChoiceProps) {
  const titleId = useId();
  return (
    <Callout intent="primary" role="alertdialog" aria-labelledby={titleId}>
      <p id={titleId}>{CALL_TEXT.choose(patients.length)}</p>
      <ul className={`${Classes.LIST_UNSTYLED} call-panel-choices`}>
        {patients.map((patient) => (
          <li key={patient.patient_id}>
            <Button variant="minimal" fill alignText="start" onClick={() => onChoose(patient.patient_id)}>
              <PatientIdentity patient={patient} />
              <span className={`${Classes.TEXT_MUTED} call-panel-practice`}>{patient.practice_name}</span>
            </Button>
          </li>
        ))}
      </ul>
      <Button onClick={onDismiss}>{CALL_TEXT.dismiss}</Button>
    </Callout>
  );
}
