import { ONBOARDING_REVIEW_ROLES, ONBOARDING_STATUSES, onboardingSubmissionsList } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { timeText } from '../db/sql-day.js';
import { listSource } from '../lists/declare.js';
import { labelSql, rankSql } from '../lists/rank.js';
import { by } from '../lists/sql.js';
import { textSearchSql } from '../lists/text-search.js';

/**
 * Practice Sign-ups (decisions.md "Onboarding"): every onboarding submission for sales (role 14) and administrators
 * (role 1), whatever their organisations: a sign-up belongs to no organisation until it is approved. Another
 * holder of the Leads page sees none.
 */

const EXPECTED = sql<number>`(s.expected_rpm + s.expected_ccm + s.expected_pcm + s.expected_bhi + s.expected_rtm)`;
const STATUS = labelSql('s.status', ONBOARDING_STATUSES);

export const onboardingSubmissionsSource = listSource(onboardingSubmissionsList, {
  from: sql`onboarding_submissions s`,
  scope: ({ viewer }) =>
    viewer.auth.roleid.some((role) => ONBOARDING_REVIEW_ROLES.includes(role))
      ? sql<SqlBool>`true`
      : sql<SqlBool>`false`,
  id: 's.submission_id',
  select: () => ({
    submission_id: sql`s.submission_id`,
    reference: sql`s.reference`,
    practice_name: sql`s.practice_name`,
    practice_npi: sql`s.practice_npi`,
    contact_name: sql`s.contact_name`,
    contact_email: sql`s.contact_email`,
    contact_phone: sql`s.contact_phone`,
    providers: sql`jsonb_array_length(s.providers)`,
    expected_patients: EXPECTED,
    status: STATUS,
    submitted_at: timeText('s.submitted_at'),
    decided_at: timeText('s.decided_at'),
  }),
  sort: () => ({
    providers: by(sql`jsonb_array_length(s.providers)`),
    expected_patients: by(EXPECTED),
    status: by(rankSql(onboardingSubmissionsList.columns, 'status', STATUS)),
    submitted_at: by(sql`s.submitted_at`),
    decided_at: by(sql`s.decided_at`),
  }),
  where: {
    onboarding_status: {
      shows: 'status',
      when: (statuses) => sql<SqlBool>`s.status = any(${[...statuses]}::text[])`,
    },
  },
  search: (text) =>
    textSearchSql(text, sql<string>`s.reference || ' ' || s.practice_name || ' ' || s.contact_name`),
  options: async () => ({}),
});
