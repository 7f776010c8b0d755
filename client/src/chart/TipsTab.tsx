import { Button, Card, HTMLSelect } from '@blueprintjs/core';
import {
  CONDITION_LABELS,
  CONDITIONS,
  type Condition,
  conditionsOfCodes,
  getPatientClinical,
  MSG,
  tipsFor,
} from '@rpm/shared';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useCall } from '../api/use-call';

/** What the Tips page shows: the patient's conditions (the default), one condition, or every tip. */
type Shown = 'patient' | 'all' | Condition;

/**
 * The Tips page (000 §2.3 tips/{patientId}): patient-education tips by condition, first those of the
 * patient's open diagnoses (decisions.md "Tips page filtered by the patient's conditions"). 'Send as Message' opens
 * the Messages tab's composer with the tip's text (decisions.md "Tips catalogue").
 */
export function TipsTab({ patientId }: { readonly patientId: number }) {
  const { data } = useCall(getPatientClinical, { query: { patient_id: patientId } });
  const [shown, setShown] = useState<Shown>('patient');
  const [, navigate] = useLocation();
  if (!data) return <p>{MSG.loading}</p>;
  const open = data.data.diagnoses.filter((d) => d.resolved_at === null);
  const own = conditionsOfCodes(open.map((d) => d.icd10_code));
  // A patient without a monitored condition sees every tip rather than none (tipsFor of no condition).
  const tips = tipsFor(shown === 'patient' ? own : shown === 'all' ? [] : [shown]);
  return (
    <div className="chart-tips">
      <p>
        {own.length === 0
          ? "No monitored condition on the patient's diagnoses: showing every tip."
          : `The patient's conditions: ${own.map((c) => CONDITION_LABELS[c]).join(', ')}.`}
      </p>
      <HTMLSelect
        aria-label="Condition"
        value={shown}
        onChange={(e) => setShown(e.currentTarget.value as Shown)}
        options={[
          { value: 'patient', label: "Patient's conditions" },
          ...CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] })),
          { value: 'all', label: 'All conditions' },
        ]}
      />
      {tips.map((tip) => (
        <Card key={tip.id} compact className="chart-tip">
          <h4>
            {tip.title} <span className="chart-muted">({CONDITION_LABELS[tip.condition]})</span>
          </h4>
          <p>{tip.text}</p>
          <Button
            small
            icon="send-message"
            text="Send as Message"
            aria-label={`Send '${tip.title}' as a message`}
            onClick={() => navigate(`/app/patient-chart/messages/${patientId}?tip=${tip.id}`)}
          />
        </Card>
      ))}
    </div>
  );
}
