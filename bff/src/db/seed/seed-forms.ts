import type { FormField } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** The demo's forms (decisions.md "Form"): an intake and an assessment questionnaire per organisation. */
const FORMS: readonly { title: string; description: string; active: boolean; fields: FormField[] }[] = [
  {
    title: 'RPM intake questionnaire',
    description: 'Asked when a patient starts remote monitoring.',
    active: true,
    fields: [
      { key: 'age', label: 'Age', kind: 'number', required: true, options: [] },
      { key: 'lives_alone', label: 'Lives alone', kind: 'yesno', required: true, options: [] },
      {
        key: 'device_comfort',
        label: 'Comfort with home devices',
        kind: 'choice',
        required: true,
        options: ['Comfortable', 'Needs help', 'Not comfortable'],
      },
      { key: 'notes', label: 'Notes', kind: 'text', required: false, options: [] },
    ],
  },
  {
    title: 'Mood check (PHQ-2)',
    description: 'Two questions on mood over the last two weeks.',
    active: true,
    fields: [
      {
        key: 'interest',
        label: 'Little interest or pleasure in doing things',
        kind: 'choice',
        required: true,
        options: ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'],
      },
      {
        key: 'down',
        label: 'Feeling down, depressed or hopeless',
        kind: 'choice',
        required: true,
        options: ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'],
      },
    ],
  },
  {
    title: 'Paper intake (retired)',
    description: 'The intake used before the RPM questionnaire.',
    active: false,
    fields: [{ key: 'history', label: 'Medical history', kind: 'text', required: true, options: [] }],
  },
];

/** Three forms per organisation, added by the top administrator over the last weeks. */
export async function seedForms(
  trx: Db,
  { today, adminId }: { today: Date; adminId: number },
): Promise<void> {
  const values = sql.join(
    FORMS.map(
      (form, n) =>
        sql`(${form.title}, ${form.description}, ${JSON.stringify(form.fields)}::jsonb, ${form.active}::boolean, ${n}::int)`,
    ),
  );
  await sql`insert into forms (organization_id, title, description, fields, active, created_by, created_at,
      updated_by, updated_at)
    select o.organization_id, f.title, f.description, f.fields, f.active, ${adminId},
      ${today}::timestamptz - (f.n * 5 + o.organization_id) * interval '1 day', ${adminId},
      ${today}::timestamptz - (f.n * 5 + o.organization_id) * interval '1 day'
    from organizations o cross join (values ${values}) as f(title, description, fields, active, n)
    order by o.organization_id, f.n`.execute(trx);
}
