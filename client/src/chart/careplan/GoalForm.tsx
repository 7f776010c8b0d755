import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { GOAL_TITLE_MAX, type goalFields, goalFields as goalSchema, MSG } from '@rpm/shared';
import { useState } from 'react';
import type { z } from 'zod';

export type GoalInput = z.infer<typeof goalFields>;

export interface GoalFormProps {
  readonly vitals: readonly { vital_id: number; vital_type: string; unit: string }[];
  /** The problems of the care plan a goal may serve. */
  readonly problems: readonly { icd10: string; description: string }[];
  readonly onSave: (goal: GoalInput) => void;
  readonly onCancel: () => void;
}

const number = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The new-goal form: kind, title, for a clinical goal the vital and its range, the problem, a target date. */
export function GoalForm({ vitals, problems, onSave, onCancel }: GoalFormProps) {
  const [kind, setKind] = useState<GoalInput['kind']>('clinical');
  const [title, setTitle] = useState('');
  const [vital, setVital] = useState('');
  const [low, setLow] = useState('');
  const [high, setHigh] = useState('');
  const [problem, setProblem] = useState('');
  const [day, setDay] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const clinical = kind === 'clinical';

  const save = () => {
    const parsed = goalSchema.safeParse({
      kind,
      title,
      vital_id: clinical && vital ? Number(vital) : null,
      target_low: clinical ? number(low) : null,
      target_high: clinical ? number(high) : null,
      problem_icd10: problem || null,
      target_date: day || null,
    });
    if (!parsed.success) return setErrors(parsed.error.issues.map((i) => i.message));
    setErrors([]);
    onSave(parsed.data);
  };

  return (
    <div className="goal-form">
      {errors.length > 0 && (
        <Callout intent={Intent.DANGER}>
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Callout>
      )}
      <FormGroup label="Kind" labelFor="goal-kind" inline>
        <HTMLSelect
          id="goal-kind"
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as GoalInput['kind'])}
        >
          <option value="clinical">Clinical target</option>
          <option value="personal">Personal goal</option>
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="Goal" labelFor="goal-title">
        <InputGroup
          id="goal-title"
          maxLength={GOAL_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
      </FormGroup>
      {clinical && (
        <>
          <FormGroup label="Vital" labelFor="goal-vital" inline>
            <HTMLSelect id="goal-vital" value={vital} onChange={(e) => setVital(e.currentTarget.value)}>
              <option value="">Select</option>
              {vitals.map((v) => (
                <option key={v.vital_id} value={v.vital_id}>
                  {v.vital_type} ({v.unit})
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="Lowest" labelFor="goal-low" inline>
            <InputGroup
              id="goal-low"
              type="number"
              value={low}
              onChange={(e) => setLow(e.currentTarget.value)}
            />
          </FormGroup>
          <FormGroup label="Highest" labelFor="goal-high" inline>
            <InputGroup
              id="goal-high"
              type="number"
              value={high}
              onChange={(e) => setHigh(e.currentTarget.value)}
            />
          </FormGroup>
        </>
      )}
      <FormGroup label="Care-plan problem" labelFor="goal-problem" inline>
        <HTMLSelect id="goal-problem" value={problem} onChange={(e) => setProblem(e.currentTarget.value)}>
          <option value="">None</option>
          {problems.map((p) => (
            <option key={p.icd10} value={p.icd10}>
              {p.icd10} {p.description}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="Target date" labelFor="goal-date" inline>
        <InputGroup id="goal-date" type="date" value={day} onChange={(e) => setDay(e.currentTarget.value)} />
      </FormGroup>
      <Button intent={Intent.PRIMARY} text={MSG.save} onClick={save} />
      <Button text={MSG.close} onClick={onCancel} />
    </div>
  );
}
