import { type CarePlanContent, displayDate, displayDateTime } from '@rpm/shared';
import type { Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import type { ReportData } from '../pdf/report-data.js';

/** One version of a care plan as the store answers it. */
interface PrintedVersion {
  readonly version: number;
  readonly author_name: string;
  readonly created_at: string;
  readonly signed_by_name: string | null;
  readonly signed_at: string | null;
  readonly plan: CarePlanContent;
}

/** The care plan as the PDF worker's table: a row per problem with its goals and interventions, for the patient. */
export async function carePlanPdfData(
  db: Db,
  patientId: number,
  printed: PrintedVersion | null,
  now: Date,
): Promise<{ data: ReportData; patientName: string }> {
  if (!printed) throw notFound('The patient has no care plan to print.', 'patient_id');
  const p = await db
    .selectFrom('patients')
    .select(['firstname', 'lastname', 'dob'])
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  const patientName = fullName(p.firstname, p.lastname);
  const { plan } = printed;
  const rows = plan.problems.map((problem) => [
    `${problem.icd10} ${problem.description}`,
    problem.goals
      .map((g) => (g.target_date ? `${g.goal} (by ${displayDate(g.target_date)})` : g.goal))
      .join('\n'),
    problem.interventions.map((i) => `${i.intervention} (${i.responsible})`).join('\n'),
  ]);
  if (plan.patient_goals.trim() !== '') rows.push(["Patient's goals", plan.patient_goals.trim(), '']);
  return {
    patientName,
    data: {
      title: `CCM Care Plan: ${patientName}`,
      facts: [
        ['Date of birth', displayDate(p.dob.toISOString())],
        ['Version', `${printed.version} by ${printed.author_name}, ${displayDateTime(printed.created_at)}`],
        [
          'Signed',
          printed.signed_at
            ? `${printed.signed_by_name}, ${displayDateTime(printed.signed_at)}`
            : 'Not signed yet',
        ],
        ['Review date', displayDate(plan.review_date)],
      ],
      columns: ['Problem', 'Goals', 'Interventions (responsible)'],
      rightAligned: [],
      rows,
      emptyText: 'No problems',
      footer: `Printed ${displayDateTime(now.toISOString())}`,
    },
  };
}
