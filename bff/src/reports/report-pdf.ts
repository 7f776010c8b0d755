import {
  COMPLIANCE_TARGET_DAYS,
  displayDate,
  formatCell,
  formatCount,
  lastDayOf,
  MSG,
  monthLabel,
  PRODUCT,
} from '@rpm/shared';
import type { ReportChart, ReportSection, SectionedReportData } from '../pdf/report-data.js';
import type { MonthlyReport } from './store.js';

/** The monthly summary's title, on the page and in the Reports tab. */
const TITLE = `Monthly ${PRODUCT} Summary`;

type Reading = MonthlyReport['readings'][number];

/** A vital value: one decimal at most, as the readings tab shows them. */
const value = (n: number) => formatCount(Math.round(n * 10) / 10);
const minutes = (seconds: number) => formatCell(Math.floor(seconds / 60), 'minutes');
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const vitalName = (r: Pick<Reading, 'vital_type' | 'unit'>) => `${r.vital_type} (${r.unit})`;

/** The readings grouped by vital (in vital order), each vital's readings grouped by UTC day. */
function byVital(readings: readonly Reading[]) {
  type Vital = { name: string; readings: Reading[]; days: Map<string, number[]> };
  const vitals = new Map<number, Vital>();
  for (const r of readings) {
    const vital: Vital = vitals.get(r.vital_id) ?? { name: vitalName(r), readings: [], days: new Map() };
    vitals.set(r.vital_id, vital);
    vital.readings.push(r);
    const day = r.taken_at.toISOString().slice(0, 10);
    vital.days.set(day, [...(vital.days.get(day) ?? []), r.value]);
  }
  return [...vitals.values()];
}

/**
 * A day's cell (decisions.md "Monthly summary daily values"): the single reading, or the mean of the day's readings
 * with their range.
 */
function dayCell(values: readonly number[] | undefined): string {
  if (!values || values.length === 0) return '';
  if (values.length === 1) return value(values[0] as number);
  return `${value(mean(values))} (${value(Math.min(...values))}-${value(Math.max(...values))})`;
}

function readingSections(report: MonthlyReport): ReportSection[] {
  const vitals = byVital(report.readings);
  const daysInMonth = Number(lastDayOf(report.month).slice(8));
  const charts: ReportChart[] = vitals.map((v) => ({
    label: v.name,
    daysInMonth,
    points: [...v.days].map(([day, values]) => [Number(day.slice(8)), mean(values)] as const),
  }));
  const days = [...new Set(report.readings.map((r) => r.taken_at.toISOString().slice(0, 10)))].sort();
  return [
    {
      heading: 'Readings by vital',
      charts,
      columns: ['Vital', 'Readings', 'Lowest', 'Highest', 'Average', 'Latest'],
      rightAligned: [1, 2, 3, 4, 5],
      rows: vitals.map((v) => {
        const values = v.readings.map((r) => r.value);
        return [
          v.name,
          formatCount(values.length),
          value(Math.min(...values)),
          value(Math.max(...values)),
          value(mean(values)),
          value(values[values.length - 1] as number),
        ];
      }),
      emptyText: 'No readings this month.',
    },
    {
      heading: 'Daily values',
      charts: [],
      columns: ['Date', ...vitals.map((v) => v.name)],
      rightAligned: vitals.map((_, n) => n + 1),
      rows: days.map((day) => [displayDate(day), ...vitals.map((v) => dayCell(v.days.get(day)))]),
      emptyText: 'No readings this month.',
    },
  ];
}

/**
 * The PDF's content (decisions.md "Monthly RPM summary PDF"): who and which month, the figures, readings, alerts and
 * their handling, logged time.
 */
export function monthlyReportData(report: MonthlyReport, generatedAt: Date): SectionedReportData {
  const { patient, figures } = report;
  const name = `${patient.lastname}, ${patient.firstname}`.toUpperCase();
  const acknowledged = report.alerts.filter((a) => a.acknowledged_at !== null).length;
  return {
    title: TITLE,
    facts: [
      ['Patient', name],
      ['Month', monthLabel(report.month)],
      [`${PRODUCT} ID`, String(patient.patient_id)],
      ['Reading days', `${figures.reading_days} of ${COMPLIANCE_TARGET_DAYS}`],
      ['DOB', displayDate(patient.dob)],
      ['RPM minutes', minutes(figures.rpm_seconds)],
      ['Physician', patient.physician ?? ''],
      ['CCM minutes', minutes(figures.ccm_seconds)],
      ['Diagnosis code', patient.diagnosis_code ?? ''],
      ['Codes met', figures.codes.length > 0 ? figures.codes.join(', ') : 'None'],
      ['Generated', formatCell(generatedAt.toISOString(), 'datetime')],
      ['Alerts', `${formatCount(report.alerts.length)} (${formatCount(acknowledged)} acknowledged)`],
    ],
    sections: [
      ...readingSections(report),
      {
        heading: 'Alerts and their handling',
        charts: [],
        columns: ['Taken', 'Vital', 'Level', 'Value', 'Bound', 'Acknowledged by', 'Acknowledged', 'Note'],
        rightAligned: [3, 4],
        rows: report.alerts.map((a) => [
          formatCell(a.taken_at.toISOString(), 'datetime'),
          vitalName(a),
          `${a.level} ${a.direction}`,
          value(a.value),
          value(a.bound),
          a.acknowledged_by ?? 'Not acknowledged',
          a.acknowledged_at ? formatCell(a.acknowledged_at.toISOString(), 'datetime') : '',
          a.acknowledge_note ?? '',
        ]),
        emptyText: 'No alerts this month.',
      },
      {
        heading: 'Time logged',
        charts: [],
        columns: ['Logged', 'Program', 'Staff', 'Minutes', 'Note'],
        rightAligned: [3],
        rows: report.timeLogs.map((t) => [
          formatCell(t.logged_at.toISOString(), 'datetime'),
          t.program,
          t.staff,
          minutes(t.seconds),
          t.note ?? '',
        ]),
        emptyText: MSG.noRecordsFound,
      },
    ],
    footer: `${TITLE} · ${monthLabel(report.month)} · ${name}`,
  };
}
