import { Card, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import {
  COMPLIANCE_TARGET_DAYS,
  formatCell,
  getComplianceInfo,
  MSG,
  monthLabel,
  PROGRESS_OPTIONS,
} from '@rpm/shared';
import type { z } from 'zod';
import { useCall } from '../api/use-call';
import { ComplianceStrip } from '../list/ComplianceStrip';
import '../list/list.css';

export interface ComplianceInfoTabProps {
  readonly patientId: number;
}

type Info = z.infer<(typeof getComplianceInfo)['response']>['data'];
type Target = Info['current']['targets'][number];

const minutes = (seconds: number) => formatCell(Math.floor(seconds / 60), 'minutes');
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

const PROGRESS_INTENT: Record<Info['current']['progress'], Intent> = {
  met: Intent.SUCCESS,
  on_track: Intent.PRIMARY,
  at_risk: Intent.WARNING,
  unreachable: Intent.DANGER,
};

/** A device-supply target's line (decisions.md "Device-supply targets"). */
function targetText(t: Target): string {
  const goal = `${t.code} (${days(t.days)})`;
  if (t.days_needed === 0) return `${goal}: met`;
  const needed = `${t.days_needed} more ${t.days_needed === 1 ? 'day' : 'days'} needed`;
  return t.reachable
    ? `${goal}: ${needed}, can still be reached`
    : `${goal}: ${needed}, can no longer be reached this month`;
}

/**
 * The Compliance Info tab (001 §2.9, §9): this month's reading days, the days left and still needed for
 * 99454 (and 99445 from 2026) and whether they can be reached, the five-month strip, and twelve months of reading
 * days and minutes (decisions.md "Compliance Info months").
 */
export function ComplianceInfoTab({ patientId }: ComplianceInfoTabProps) {
  const { data: answer, loading } = useCall(getComplianceInfo, { query: { patient_id: patientId } });
  const data = answer?.data;
  if (!data) return loading ? <p>{MSG.loading}</p> : null;
  const { current } = data;
  const progress = PROGRESS_OPTIONS.find((o) => o.value === current.progress)?.label ?? current.progress;
  return (
    <div className="chart-compliance">
      <Card compact>
        <h3>{monthLabel(current.month)}</h3>
        <p>
          Reading days: <strong>{formatCell(current.reading_days, 'readingDays')}</strong>{' '}
          <Tag intent={PROGRESS_INTENT[current.progress]} minimal>
            {progress}
          </Tag>
        </p>
        <p>Days left in the month, today included: {current.days_left}</p>
        <ul aria-label="Device-supply codes">
          {current.targets.map((t) => (
            <li key={t.code}>{targetText(t)}</li>
          ))}
        </ul>
        <p>
          Compliance (last five months): <ComplianceStrip months={data.strip} />
        </p>
      </Card>
      <HTMLTable compact striped aria-label="Compliance by month">
        <thead>
          <tr>
            <th>Month</th>
            <th>Reading Days</th>
            <th>{COMPLIANCE_TARGET_DAYS} Days Met</th>
            <th>RPM Minutes</th>
            <th>CCM Minutes</th>
            <th>Codes Met</th>
          </tr>
        </thead>
        <tbody>
          {data.months.map((m) => (
            <tr key={m.month}>
              <td>{monthLabel(m.month)}</td>
              <td>{formatCell(m.reading_days, 'readingDays')}</td>
              <td>{m.reading_days >= COMPLIANCE_TARGET_DAYS ? 'Yes' : 'No'}</td>
              <td>{minutes(m.rpm_seconds)}</td>
              <td>{minutes(m.ccm_seconds)}</td>
              <td>{m.codes.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
