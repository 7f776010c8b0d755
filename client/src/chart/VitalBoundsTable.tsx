import { HTMLTable } from '@blueprintjs/core';
import { hasHighBounds, MSG, type Thresholds, vitalKind } from '@rpm/shared';
import { BOUND_LABELS } from './ThresholdEditor';

/** One vital's bounds as the chart shows them. */
export type VitalBounds = Thresholds & {
  readonly vital_id: number;
  readonly vital_type: string;
  readonly unit: string;
};

/**
 * The four bounds of each vital, read-only: the Readings tab's 'Vital Thresholds' and the rule's 'Vital Monitoring
 * Levels'. A kind without high bounds (spo2, 001 §2.6) leaves them empty; a bound not set shows '-'.
 */
export function VitalBoundsTable({ vitals }: { readonly vitals: readonly VitalBounds[] }) {
  if (vitals.length === 0) return <p>{MSG.noDataFound}</p>;
  return (
    <HTMLTable compact striped>
      <thead>
        <tr>
          <th>Vital</th>
          <th>{BOUND_LABELS.critical_low}</th>
          <th>{BOUND_LABELS.abnormal_low}</th>
          <th>{BOUND_LABELS.abnormal_high}</th>
          <th>{BOUND_LABELS.critical_high}</th>
        </tr>
      </thead>
      <tbody>
        {vitals.map((v) => {
          const high = hasHighBounds(vitalKind(v.vital_type));
          return (
            <tr key={v.vital_id}>
              <td>
                {v.vital_type} ({v.unit})
              </td>
              <td>{v.critical_low}</td>
              <td>{v.abnormal_low}</td>
              <td>{high ? (v.abnormal_high ?? '-') : ''}</td>
              <td>{high ? (v.critical_high ?? '-') : ''}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
