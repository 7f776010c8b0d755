import {
  BILLING_PROGRAMS,
  billingCode,
  displayDate,
  displayTime,
  formatCell,
  formatCount,
  formatUsd,
  lastDayOf,
  MSG,
  monthLabel,
  NEED_TEXTS,
  ruleText,
  STAFF_TABLES,
  toDollars,
} from '@rpm/shared';
import type { ReportSection, SectionedReportData } from '../pdf/report-data.js';
import type { EvidenceBundle } from './evidence-store.js';

/** The document's title, on the page and in its footer. */
const EVIDENCE_TITLE = 'Billing Evidence';

/** An instant as 'MM/DD/YYYY hh:mm AM UTC': the evidence names UTC days, as the summary counts them. */
const utcTime = (iso: string) => `${displayDate(iso.slice(0, 10))} ${displayTime(iso, true)} UTC`;
const time = (seconds: number) => formatCell(seconds, 'duration');

/** A plain section: no charts. */
const section = (
  heading: string,
  columns: string[],
  rows: string[][],
  emptyText: string,
  rightAligned: number[] = [],
): ReportSection => ({ heading, charts: [], columns, rightAligned, rows, emptyText });

/** Seconds summed by a key, in the order keys first appear. */
function totals<T>(items: readonly T[], key: (item: T) => string, seconds: (item: T) => number) {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + seconds(item));
  return [...sums];
}

/** Why a stored code did not bill: the needs it lacks (NEED_TEXTS) or the code that excluded it. */
function reason(code: EvidenceBundle['codes'][number]): string {
  if (code.status === 'blocked')
    return code.unmet.map((need) => NEED_TEXTS[need as keyof typeof NEED_TEXTS] ?? need).join('; ');
  const by = code.excluded_by ?? '';
  // The engine names the code billed before it, or the program billed before its own (PROGRAM_EXCLUSIONS).
  if (code.status === 'excluded')
    return (BILLING_PROGRAMS as readonly string[]).includes(by)
      ? `Excluded by ${by}: ${by} and ${code.program} are not billed together`
      : `Excluded by ${by}`;
  return '';
}

/** A person's roles as the staff tables name them ('Nurse'); a role without a staff table by its stored name. */
const roleText = (roles: readonly { id: number; role: string }[]) =>
  roles.map((r) => STAFF_TABLES.find((table) => table.roleId === r.id)?.one ?? r.role).join(', ');

const STATUS = { billed: 'Billed', blocked: 'Blocked', excluded: 'Excluded' } as const;

function minuteSections(b: EvidenceBundle): ReportSection[] {
  const logs = b.timeLogs;
  const byPerson = totals(
    logs,
    (t) => `${t.person}\u0000${t.program}`,
    (t) => t.seconds,
  );
  const byProgram = totals(
    logs,
    (t) => t.program,
    (t) => t.seconds,
  );
  return [
    section(
      'Time logged',
      ['Date', 'Person', 'Role', 'Program', 'Time', 'Seconds', 'Note', 'Category', 'Interactive contact'],
      logs.map((t) => [
        utcTime(t.logged_at),
        t.person,
        roleText(t.roles),
        t.program,
        time(t.seconds),
        String(t.seconds),
        t.note ?? '',
        // decisions.md "Care time entries": hand-entered time says so.
        `${t.category ?? ''}${t.manual ? ' (entered by hand)' : ''}`,
        t.interactive ? 'Yes' : 'No',
      ]),
      'No time logged this month.',
      [4, 5],
    ),
    section(
      'Minutes by person',
      ['Person', 'Program', 'Time', 'Seconds'],
      byPerson.map(([key, seconds]) => [...key.split('\u0000'), time(seconds), String(seconds)]),
      'No time logged this month.',
      [2, 3],
    ),
    section(
      'Minutes by program',
      ['Program', 'Time', 'Seconds'],
      byProgram.map(([program, seconds]) => [program, time(seconds), String(seconds)]),
      'No time logged this month.',
      [1, 2],
    ),
  ];
}

function documentSections(b: EvidenceBundle): ReportSection[] {
  const monthEnd = lastDayOf(b.month.slice(0, 7));
  const plan = b.carePlan;
  return [
    section(
      'Consent (enrolment orders)',
      ['Program', 'Order date', 'Consent date', 'Counts this month', 'Consent method', 'Ordering provider'],
      b.orders.map((o) => [
        o.program,
        displayDate(o.order_date),
        displayDate(o.consent_date),
        // period-store.ts: consent counts when dated before the month ends.
        o.consent_date <= monthEnd ? 'Yes' : 'No: dated after the month',
        o.consent_method,
        o.ordering_provider,
      ]),
      'No enrolment order on file.',
    ),
    section(
      'Care plan in force',
      ['Version', 'Signed by', 'Signed at', 'In force'],
      plan
        ? [
            [
              String(plan.version),
              plan.signed_by,
              plan.signed_at ? utcTime(plan.signed_at) : '',
              plan.inForce ? 'Signed before the month ended' : 'Signed after the month',
            ],
          ]
        : [],
      'No signed care plan.',
    ),
    section(
      'Authorizations covering the month',
      ['Authorization', 'Program', 'From', 'To'],
      b.authorizations.map((a) => [
        a.authorization_number,
        a.program,
        displayDate(a.start_date),
        displayDate(a.end_date),
      ]),
      'No authorization covers the month.',
    ),
  ];
}

function codeSections(b: EvidenceBundle): ReportSection[] {
  const notBilled = b.codes.filter((c) => c.status !== 'billed');
  return [
    section(
      'Codes of the month',
      ['Code', 'Program', 'Status', 'Units', 'Amount', 'Rule'],
      b.codes.map((c) => [
        c.code,
        c.program,
        STATUS[c.status],
        String(c.units),
        c.status === 'billed' ? formatUsd(toDollars(c.cents)) : '',
        ruleText(billingCode(c.rule_id)),
      ]),
      'No code reached this month.',
      [3, 4],
    ),
    section(
      'Codes not billed',
      ['Code', 'Status', 'Why'],
      notBilled.map((c) => [c.code, STATUS[c.status], reason(c)]),
      'Every code reached was billed.',
    ),
  ];
}

/**
 * The evidence PDF's content (decisions.md "Billing evidence bundle"): who and which month, the reading days with the
 * devices that sent them, every time log and its totals, the answered calls, the documents in force, and each code
 * with its rule and why it did not bill.
 */
export function evidenceData(b: EvidenceBundle, generatedAt: Date): SectionedReportData {
  const s = b.summary;
  const name = `${s.lastname}, ${s.firstname}`.toUpperCase();
  const days = new Set(b.readings.map((r) => r.day));
  return {
    title: EVIDENCE_TITLE,
    facts: [
      ['Patient', name],
      ['Practice', s.practice_name],
      ['DOB', displayDate(s.dob)],
      ['Month', monthLabel(b.month)],
      ['MRN', s.mrn ?? ''],
      ['Reading days', formatCount(days.size)],
      [MSG.colRpmId, String(s.patient_id)],
      ['Generated', utcTime(generatedAt.toISOString())],
    ],
    sections: [
      section(
        `Reading days: ${formatCount(days.size)}`,
        ['Date', 'Readings', 'Device', 'IMEI'],
        b.readings.map((r) => [displayDate(r.day), formatCount(r.readings), r.device_name, r.imei]),
        'No readings this month.',
        [1],
      ),
      ...minuteSections(b),
      section(
        'Interactive contacts (answered calls)',
        ['Date', 'Direction', 'Duration', 'Agent'],
        b.calls.map((c) => [
          utcTime(c.started_at),
          c.direction === 'inbound' ? 'Inbound' : 'Outbound',
          time(c.duration_seconds ?? 0),
          c.agent,
        ]),
        'No answered call this month.',
      ),
      ...documentSections(b),
      ...codeSections(b),
    ],
    footer: `${EVIDENCE_TITLE} · ${monthLabel(b.month)} · ${name} · ${MSG.colRpmId} ${s.patient_id}`,
  };
}
