import { MSG, type Thresholds, vitalKind } from '@rpm/shared';
import { ThresholdEditor } from '../ThresholdEditor';
import { type RuleFormErrors, vitalErrors } from './field-errors';
import type { VitalRow } from './rule-form-model';

export interface ReadingMonitoringProps {
  readonly vitals: readonly VitalRow[];
  /** Each vital's unit (getAllVitals); the row's own when missing. */
  readonly vitalUnits: ReadonlyMap<number, string>;
  readonly errors: RuleFormErrors;
  readonly onChange: (vitalId: number, thresholds: Thresholds) => void;
}

/** 'Reading Monitoring': one threshold block per vital of the device (001 §2.2). */
export function ReadingMonitoring({ vitals, vitalUnits, errors, onChange }: ReadingMonitoringProps) {
  return (
    <>
      <h4>{MSG.readingMonitoring}</h4>
      {vitals.map((v) => (
        <ThresholdEditor
          key={v.vital_id}
          vitalId={v.vital_id}
          title={`${v.vital_type} (${vitalUnits.get(v.vital_id) ?? v.unit})`}
          kind={vitalKind(v.vital_type)}
          value={v.thresholds}
          errors={vitalErrors(errors, v.vital_id)}
          onChange={(thresholds) => onChange(v.vital_id, thresholds)}
        />
      ))}
    </>
  );
}
