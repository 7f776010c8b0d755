import { Card, Intent, Tag } from '@blueprintjs/core';
import {
  ageOn,
  type BillingProgram,
  displayDateTime,
  displayPhone,
  displayUtcDay,
  getPatientBanner,
  identityNumber,
  isoDay,
  MSG,
  PATIENT_GENDERS,
  type PatientDemographics,
  type ProgressMark,
  progressMarks,
} from '@rpm/shared';
import { Link } from 'wouter';
import { useCall } from '../api/use-call';
import { CallPatientButton } from '../calls/CallPatientButton';
import { CareTimer } from './CareTimer';
import { CHART_TABS, chartTabPath } from './chart-tabs';

export interface PatientBannerProps {
  readonly patientId: number;
  readonly patient: PatientDemographics | null;
  /** Bumped when time is logged anywhere on the chart: the month's minutes are read again. */
  readonly version: number;
  readonly onLogged: () => void;
}

const alertsTab = CHART_TABS.find((t) => t.id === 'alerts');

/** A value against its marks (decisions.md "Patient banner"): the bar ends at the last mark. */
function Progress({
  label,
  value,
  unit,
  marks,
}: {
  readonly label: string;
  readonly value: number;
  readonly unit: string;
  readonly marks: readonly ProgressMark[];
}) {
  const end = marks.at(-1)?.at ?? Math.max(1, value);
  const reached = marks.filter((m) => value >= m.at).at(-1);
  // '1 day', '3 days'; minutes stay 'min'.
  const units = value === 1 && unit.endsWith('s') ? unit.slice(0, -1) : unit;
  const text = `${label}: ${value} ${units}${reached ? ` (${reached.code} reached)` : ''}`;
  const marksText = marks.map((m) => `${m.code} at ${m.at}`).join(', ');
  return (
    <div className="chart-progress" title={marksText}>
      <span className="chart-progress-text">{text}</span>
      <span className="chart-progress-bar" aria-hidden="true">
        <span
          className={`chart-progress-fill${reached ? ' is-reached' : ''}`}
          style={{ width: `${Math.min(100, (value / end) * 100)}%` }}
        />
        {marks.map((m) => (
          <span
            key={m.code}
            className="chart-progress-mark"
            style={{ left: `${Math.min(100, (m.at / end) * 100)}%` }}
          />
        ))}
      </span>
      <span className="chart-progress-marks">{marksText}</span>
    </div>
  );
}

/**
 * The banner over every chart tab (issue 41 §2; decisions.md "Patient banner"): who the patient is, their programs,
 * care team, last readings and open alerts, this month's progress against the code marks, and the care timer.
 */
export function PatientBanner({ patientId, patient, version, onLogged }: PatientBannerProps) {
  const today = isoDay(new Date());
  const facts = useCall(getPatientBanner, { query: { patient_id: patientId } }, { reloadKey: version });
  const b = facts.data?.data;
  const minutesPrograms = b ? Object.keys(b.seconds) : [];
  const rpm = progressMarks('RPM', today);
  const alerts = b ? b.open_alerts.critical + b.open_alerts.abnormal : 0;

  return (
    <Card className="chart-header" compact>
      <div className="chart-banner-row">
        <h2 className="chart-patient-name">
          {patient ? `${patient.firstname} ${patient.lastname}` : MSG.loading}
        </h2>
        {patient && (
          <>
            <span className="chart-patient-dob">
              DOB: <span data-testid="chart-dob">{displayUtcDay(patient.dob)}</span> (
              {ageOn(patient.dob, today)} years)
            </span>
            <span>{PATIENT_GENDERS[patient.gender]}</span>
            <span className="chart-patient-number">
              {identityNumber(patient)}
              {patient.mrn ? ` · RPM ID ${patient.patient_id}` : ''}
            </span>
            {(patient.mobile ?? patient.phone) && (
              <span>Phone: {displayPhone(patient.mobile ?? patient.phone)}</span>
            )}
            <CallPatientButton patient={patient} />
          </>
        )}
        {b && alerts > 0 && alertsTab && (
          <Link href={chartTabPath(alertsTab, patientId)} className="chart-banner-alerts">
            {b.open_alerts.critical > 0 && (
              <Tag intent={Intent.DANGER}>{b.open_alerts.critical} critical</Tag>
            )}{' '}
            {b.open_alerts.abnormal > 0 && (
              <Tag intent={Intent.WARNING}>{b.open_alerts.abnormal} abnormal</Tag>
            )}{' '}
            open {alerts === 1 ? 'alert' : 'alerts'}
          </Link>
        )}
        <CareTimer key={patientId} patientId={patientId} onLogged={onLogged} />
      </div>
      {b && (
        <dl className="chart-banner-facts">
          <div>
            <dt>Programs</dt>
            <dd>
              {b.programs.length === 0
                ? 'None'
                : b.programs.map((p) => `${p.program}: ${p.status ?? 'Ordered'}`).join(' · ')}
            </dd>
          </div>
          <div>
            <dt>Care Team</dt>
            <dd>
              {b.care_team.length === 0 ? 'None' : b.care_team.map((m) => `${m.role}: ${m.name}`).join(' · ')}
            </dd>
          </div>
          <div>
            <dt>Last Readings</dt>
            <dd data-testid="banner-last-readings">
              {b.last_readings.length === 0
                ? 'None'
                : b.last_readings
                    .map((r) => `${r.vital_type} ${r.value} ${r.unit} (${displayDateTime(r.taken_at)})`)
                    .join(' · ')}
            </dd>
          </div>
        </dl>
      )}
      {b && (
        <div className="chart-banner-month" data-testid="banner-month">
          <Progress label="Reading days this month" value={b.reading_days} unit="days" marks={rpm.days} />
          {(minutesPrograms.length === 0 ? ['RPM'] : minutesPrograms).map((program) => (
            <Progress
              key={program}
              label={`${program} minutes`}
              value={Math.floor((b.seconds[program] ?? 0) / 60)}
              unit="min"
              marks={progressMarks(program as BillingProgram, today).minutes}
            />
          ))}
        </div>
      )}
    </Card>
  );
}
