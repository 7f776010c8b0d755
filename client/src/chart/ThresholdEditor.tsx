import { Button, FormGroup, Intent, NumericInput, Slider } from '@blueprintjs/core';
import {
  correctThresholds,
  hasHighBounds,
  sliderMax,
  THRESHOLD_FIELDS,
  type ThresholdField,
  type Thresholds,
  type VitalKind,
} from '@rpm/shared';
import { useState } from 'react';

/** Labels of the four bounds. */
export const BOUND_LABELS: Record<ThresholdField, string> = {
  critical_low: 'Critical Low',
  abnormal_low: 'Abnormal Low',
  abnormal_high: 'Abnormal High',
  critical_high: 'Critical High',
};

export interface ThresholdEditorProps {
  readonly vitalId: number;
  readonly title: string;
  readonly kind: VitalKind;
  readonly value: Thresholds;
  readonly onChange: (value: Thresholds) => void;
  readonly errors?: Partial<Record<ThresholdField, string>>;
}

/**
 * One vital's bounds in 'Reading Monitoring' (001 §2.2, §5, §9): a slider and a numeric input per bound, up to the
 * vital's slider maximum; leaving an input or releasing a slider corrects the four bounds (correctThresholds).
 * Spo2 has no high bounds (001 §2.6).
 */
export function ThresholdEditor({
  vitalId,
  title,
  kind,
  value,
  onChange,
  errors = {},
}: ThresholdEditorProps) {
  const max = sliderMax(kind);
  const fields = THRESHOLD_FIELDS.filter(
    (f) => hasHighBounds(kind) || (f !== 'abnormal_high' && f !== 'critical_high'),
  );
  // 001 §2.2: each vital's block has an Edit/Save toggle; the bounds are read-only until Edit.
  const [editing, setEditing] = useState(false);
  const correct = (next: Thresholds, edited?: ThresholdField) =>
    onChange(correctThresholds(next, kind, edited, vitalId));
  return (
    <fieldset className="chart-vital">
      <legend>{title}</legend>
      <Button
        small
        minimal
        icon={editing ? 'tick' : 'edit'}
        text={editing ? 'Save' : 'Edit'}
        aria-label={`${editing ? 'Save' : 'Edit'} ${title}`}
        onClick={() => {
          if (editing) correct(value);
          setEditing(!editing);
        }}
      />
      <div className="chart-thresholds">
        {fields.map((field) => {
          const id = `vital-${vitalId}-${field}`;
          const current = value[field] ?? 0;
          return (
            <FormGroup
              key={field}
              label={BOUND_LABELS[field]}
              labelFor={id}
              intent={errors[field] ? Intent.DANGER : Intent.NONE}
              helperText={errors[field]}
            >
              <Slider
                min={0}
                max={max}
                stepSize={1}
                labelRenderer={false}
                disabled={!editing}
                value={Math.min(max, current)}
                onChange={(n) => onChange({ ...value, [field]: n })}
                onRelease={(n) => correct({ ...value, [field]: n }, field)}
              />
              <NumericInput
                id={id}
                fill
                min={0}
                max={max}
                value={current}
                buttonPosition="none"
                disabled={!editing}
                onValueChange={(n) => onChange({ ...value, [field]: Number.isFinite(n) ? n : 0 })}
                onBlur={() => correct(value, field)}
              />
            </FormGroup>
          );
        })}
      </div>
    </fieldset>
  );
}
