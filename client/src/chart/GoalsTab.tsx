import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import {
  addPatientGoal,
  displayDate,
  GOAL_PROGRESS_DAYS,
  getAllVitals,
  getCarePlan,
  getPatientGoals,
  MSG,
  type PatientGoal,
  updatePatientGoal,
} from '@rpm/shared';
import { useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';
import { GoalForm, type GoalInput } from './careplan/GoalForm';

/** A clinical goal's target as clinicians write it: '≤ 130 mmHg', '≥ 90 mmHg', '80–130 mg/dL'. */
function targetText(g: Pick<PatientGoal, 'target_low' | 'target_high' | 'unit'>): string {
  const unit = g.unit ? ` ${g.unit}` : '';
  if (g.target_low !== null && g.target_high !== null) return `${g.target_low}–${g.target_high}${unit}`;
  if (g.target_high !== null) return `≤ ${g.target_high}${unit}`;
  if (g.target_low !== null) return `≥ ${g.target_low}${unit}`;
  return '';
}

/** A clinical goal's progress: readings in range of the last days, and the latest value. */
function progressText(g: PatientGoal): string {
  if (!g.progress) return '';
  const p = g.progress;
  if (p.readings === 0) return `No readings in the last ${GOAL_PROGRESS_DAYS} days`;
  const share = Math.round((p.in_range / p.readings) * 100);
  return `${p.in_range} of ${p.readings} readings in range (${share}%); latest ${p.latest_value}${g.unit ? ` ${g.unit}` : ''} on ${displayDate(p.latest_at)}`;
}

/**
 * The Goals tab (000 §2.3 goals/{patientId?}; decisions.md "Goals"): clinical targets with progress from
 * the readings and personal goals, each perhaps serving a care-plan problem; active goals first.
 */
export function GoalsTab({ patientId }: { readonly patientId: number }) {
  const { call } = useApi();
  const [adding, setAdding] = useState(false);
  const { data, reload } = useCall(getPatientGoals, { query: { patient_id: patientId } });
  const vitals = useCall(getAllVitals, {});
  const plan = useCall(getCarePlan, { query: { patient_id: patientId } });
  const actionKey = useActionKey(patientId, adding);
  const problems = plan.data?.data.plan?.plan.problems ?? [];

  const add = async (goal: GoalInput) => {
    try {
      const answer = await call(addPatientGoal, {
        body: { patient_id: patientId, goal },
        headers: { 'idempotency-key': actionKey },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      setAdding(false);
      reload();
    } catch {
      // Shown by the error dialog.
    }
  };

  const setStatus = async (g: PatientGoal, status: PatientGoal['status']) => {
    const { kind, title, vital_id, target_low, target_high, problem_icd10, target_date } = g;
    const goal = { kind, title, vital_id, target_low, target_high, problem_icd10, target_date };
    try {
      await call(updatePatientGoal, { body: { goal_id: g.goal_id, goal, status } });
      reload();
    } catch {
      // Shown by the error dialog.
    }
  };

  return (
    <div className="chart-goals">
      {adding ? (
        <GoalForm
          vitals={vitals.data?.data ?? []}
          problems={problems}
          onSave={(goal) => void add(goal)}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button intent={Intent.PRIMARY} icon="add" text="Add Goal" onClick={() => setAdding(true)} />
      )}
      {!data ? (
        <p>{MSG.loading}</p>
      ) : data.data.length === 0 ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>Goal</th>
              <th>Kind</th>
              <th>Target</th>
              <th>Progress</th>
              <th>Problem</th>
              <th>Target Date</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.data.map((g) => (
              <tr key={g.goal_id}>
                <td>{g.title}</td>
                <td>{g.kind === 'clinical' ? `Clinical: ${g.vital_type}` : 'Personal'}</td>
                <td>{targetText(g)}</td>
                <td>{progressText(g)}</td>
                <td>{g.problem_icd10 ?? ''}</td>
                <td>{displayDate(g.target_date)}</td>
                <td>
                  <Tag minimal intent={g.status === 'achieved' ? Intent.SUCCESS : Intent.NONE}>
                    {g.status === 'active' ? 'Active' : g.status === 'achieved' ? 'Achieved' : 'Stopped'}
                  </Tag>
                </td>
                <td>
                  {g.status === 'active' ? (
                    <>
                      <Button small minimal text="Achieved" onClick={() => void setStatus(g, 'achieved')} />
                      <Button small minimal text="Stop" onClick={() => void setStatus(g, 'stopped')} />
                    </>
                  ) : (
                    <Button small minimal text="Reopen" onClick={() => void setStatus(g, 'active')} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
