import { Button, Callout, Card, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { CARE_PLAN_LIMITS, type CarePlanContent, carePlanContent, MSG } from '@rpm/shared';
import { useState } from 'react';

type Problem = CarePlanContent['problems'][number];

export interface CarePlanEditorProps {
  /** Where the edit starts: the shown version, or the CCM Care Plan Defaults for a first plan. */
  readonly initial: CarePlanContent;
  readonly onSave: (plan: CarePlanContent) => void;
  readonly onCancel: () => void;
  /** False for the CCM Care Plan Defaults template, which has no review date of its own. */
  readonly withReviewDate?: boolean;
}

const emptyProblem: Problem = { icd10: '', description: '', goals: [], interventions: [] };

/** Where a zod issue points, as the user reads it: 'Problem 2, ICD-10: …'. */
function issueText(path: readonly PropertyKey[], message: string): string {
  const names: Record<string, string> = {
    icd10: 'ICD-10',
    description: 'Description',
    goal: 'Goal',
    target_date: 'Target date',
    intervention: 'Intervention',
    responsible: 'Responsible',
    patient_goals: "Patient's goals",
    review_date: 'Review date',
  };
  const parts: string[] = [];
  for (let n = 0; n < path.length; n++) {
    const key = String(path[n]);
    const index = path[n + 1];
    if ((key === 'problems' || key === 'goals' || key === 'interventions') && typeof index === 'number') {
      parts.push(
        `${key === 'problems' ? 'Problem' : key === 'goals' ? 'Goal' : 'Intervention'} ${index + 1}`,
      );
      n++;
    } else if (names[key]) parts.push(names[key]);
  }
  return `${parts.join(', ')}${parts.length ? ': ' : ''}${message}`;
}

/**
 * The care plan form: problems (ICD-10 code and description) with their measurable goals and interventions (each
 * with who is responsible), the patient's expressed goals and the review date. Checked with the contract's schema
 * before it is sent, so the user sees the server's rules at once.
 */
export function CarePlanEditor({ initial, onSave, onCancel, withReviewDate = true }: CarePlanEditorProps) {
  const [plan, setPlan] = useState<CarePlanContent>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const setProblem = (index: number, change: Partial<Problem>) =>
    setPlan((p) => ({ ...p, problems: p.problems.map((x, n) => (n === index ? { ...x, ...change } : x)) }));

  const save = () => {
    const parsed = carePlanContent.safeParse(plan);
    if (!parsed.success) return setErrors(parsed.error.issues.map((i) => issueText(i.path, i.message)));
    setErrors([]);
    onSave(parsed.data);
  };

  return (
    <div className="care-plan-editor">
      {errors.length > 0 && (
        <Callout intent={Intent.DANGER} title="Please correct the care plan">
          <ul>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Callout>
      )}
      {plan.problems.map((problem, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id of their own; their place is the key.
        <Card key={index} compact className="care-plan-problem">
          <h4>Problem {index + 1}</h4>
          <FormGroup label="ICD-10" inline>
            <InputGroup
              aria-label={`Problem ${index + 1} ICD-10`}
              value={problem.icd10}
              onChange={(e) => setProblem(index, { icd10: e.currentTarget.value.toUpperCase() })}
            />
          </FormGroup>
          <FormGroup label="Description" inline>
            <InputGroup
              aria-label={`Problem ${index + 1} description`}
              maxLength={CARE_PLAN_LIMITS.description}
              value={problem.description}
              onChange={(e) => setProblem(index, { description: e.currentTarget.value })}
            />
          </FormGroup>
          <h5>Goals</h5>
          {problem.goals.map((goal, g) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <div key={g} className="care-plan-row">
              <InputGroup
                aria-label={`Problem ${index + 1} goal ${g + 1}`}
                maxLength={CARE_PLAN_LIMITS.goal}
                value={goal.goal}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setProblem(index, {
                    goals: problem.goals.map((x, n) => (n === g ? { ...x, goal: text } : x)),
                  });
                }}
              />
              <InputGroup
                type="date"
                aria-label={`Problem ${index + 1} goal ${g + 1} target date`}
                value={goal.target_date ?? ''}
                onChange={(e) => {
                  const day = e.currentTarget.value || null;
                  setProblem(index, {
                    goals: problem.goals.map((x, n) => (n === g ? { ...x, target_date: day } : x)),
                  });
                }}
              />
              <Button
                minimal
                icon="trash"
                aria-label="Remove goal"
                onClick={() => setProblem(index, { goals: problem.goals.filter((_, n) => n !== g) })}
              />
            </div>
          ))}
          <Button
            small
            icon="add"
            text="Add Goal"
            disabled={problem.goals.length >= CARE_PLAN_LIMITS.goalsPerProblem}
            onClick={() => setProblem(index, { goals: [...problem.goals, { goal: '', target_date: null }] })}
          />
          <h5>Interventions</h5>
          {problem.interventions.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <div key={i} className="care-plan-row">
              <InputGroup
                aria-label={`Problem ${index + 1} intervention ${i + 1}`}
                maxLength={CARE_PLAN_LIMITS.intervention}
                value={item.intervention}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setProblem(index, {
                    interventions: problem.interventions.map((x, n) =>
                      n === i ? { ...x, intervention: text } : x,
                    ),
                  });
                }}
              />
              <InputGroup
                aria-label={`Problem ${index + 1} intervention ${i + 1} responsible`}
                placeholder="Responsible"
                maxLength={CARE_PLAN_LIMITS.responsible}
                value={item.responsible}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setProblem(index, {
                    interventions: problem.interventions.map((x, n) =>
                      n === i ? { ...x, responsible: text } : x,
                    ),
                  });
                }}
              />
              <Button
                minimal
                icon="trash"
                aria-label="Remove intervention"
                onClick={() =>
                  setProblem(index, { interventions: problem.interventions.filter((_, n) => n !== i) })
                }
              />
            </div>
          ))}
          <Button
            small
            icon="add"
            text="Add Intervention"
            disabled={problem.interventions.length >= CARE_PLAN_LIMITS.interventionsPerProblem}
            onClick={() =>
              setProblem(index, {
                interventions: [...problem.interventions, { intervention: '', responsible: '' }],
              })
            }
          />
          <Button
            small
            minimal
            intent={Intent.DANGER}
            icon="trash"
            text="Remove Problem"
            onClick={() => setPlan((p) => ({ ...p, problems: p.problems.filter((_, n) => n !== index) }))}
          />
        </Card>
      ))}
      <Button
        icon="add"
        text="Add Problem"
        disabled={plan.problems.length >= CARE_PLAN_LIMITS.problems}
        onClick={() => setPlan((p) => ({ ...p, problems: [...p.problems, emptyProblem] }))}
      />
      <FormGroup
        label="Patient's goals"
        labelFor="care-plan-patient-goals"
        helperText="In the patient's words"
      >
        <TextArea
          id="care-plan-patient-goals"
          fill
          maxLength={CARE_PLAN_LIMITS.patientGoals}
          value={plan.patient_goals}
          onChange={(e) => setPlan({ ...plan, patient_goals: e.currentTarget.value })}
        />
      </FormGroup>
      {withReviewDate && (
        <FormGroup label="Review date" labelFor="care-plan-review-date">
          <InputGroup
            id="care-plan-review-date"
            type="date"
            value={plan.review_date}
            onChange={(e) => setPlan({ ...plan, review_date: e.currentTarget.value })}
          />
        </FormGroup>
      )}
      <Button intent={Intent.PRIMARY} text={MSG.save} onClick={save} />
      <Button text={MSG.close} onClick={onCancel} />
    </div>
  );
}
