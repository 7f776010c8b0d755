import { HTMLTable } from '@blueprintjs/core';
import { hasHighBounds, MSG, type Thresholds, vitalKind } from '@rpm/shared';
import { BOUND_LABELS } from './ThresholdEditor';

/** One vital's bounds as the chart shows them. */
export type VitalBounds = Thresholds & {
  readonly vital_id: number;
  readonly vital_type: string;
  readonly unit: string;
  /** The device whose bounds these are, where the patient may have several (the Readings tab). */
  readonly device?: { readonly id: number; readonly name: string };
  /** Where the bounds come from (the Readings tab: the rule, the protocol or the default). */
  readonly source?: string;
};

/**
 * The four bounds of each vital, read-only: the Readings tab's 'Vital Thresholds' (with a Device and a Source
 * column) and the rule's 'Vital Monitoring Levels'. A kind without high bounds (spo2, 001 §2.6) leaves them empty; a
 * bound not set shows '-'.
 */
export function VitalBoundsTable({ vitals }: { readonly vitals: readonly VitalBounds[] }) {
  if (vitals.length === 0) return <p>{MSG.noDataFound}</p>;
  const devices = vitals.some((v) => v.device !== undefined);
  const sources = vitals.some((v) => v.source !== undefined);
  return (
    <HTMLTable compact striped>
      <thead>
        <tr>
          {devices && <th>Device</th>}
          <th>Vital</th>
          <th>{BOUND_LABELS.critical_low}</th>
          <th>{BOUND_LABELS.abnormal_low}</th>
          <th>{BOUND_LABELS.abnormal_high}</th>
          <th>{BOUND_LABELS.critical_high}</th>
          {sources && <th>Source</th>}
        </tr>
      </thead>
      <tbody>
        {vitals.map((v) => {
          const high = hasHighBounds(vitalKind(v.vital_type));
          return (
            <tr key={`${v.device?.id ?? ''}:${v.vital_id}`}>
              {devices && <td>{v.device?.name}</td>}
              <td>
                {v.vital_type} ({v.unit})
              </td>
              <td>{v.critical_low}</td>
              <td>{v.abnormal_low}</td>
              <td>{high ? (v.abnormal_high ?? '-') : ''}</td>
              <td>{high ? (v.critical_high ?? '-') : ''}</td>
              {sources && <td>{v.source}</td>}
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
