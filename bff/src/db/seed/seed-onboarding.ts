import type { OnboardingProvider } from '@rpm/shared';
import type { Db } from '../schema.js';

/** A valid NPI (Luhn over '80840' and its digits): the CMS example number. */
const DEMO_NPI = '1234567893';

interface DemoSignUp {
  readonly practice: string;
  readonly contact: string;
  readonly email: string;
  readonly status: 'submitted' | 'in_review' | 'approved' | 'rejected';
  readonly daysAgo: number;
  readonly providers: number;
}

/** One sign-up of every status; the top administrator's (is_onboarding) shows its progress at /app/onboarding. */
const SIGN_UPS: readonly DemoSignUp[] = [
  {
    practice: 'Brookside Family Care',
    contact: 'Nora Hale',
    email: 'nora@brookside.example.com',
    status: 'submitted',
    daysAgo: 1,
    providers: 2,
  },
  {
    practice: 'Granite Heart Clinic',
    contact: 'Omar Reyes',
    email: 'omar@graniteheart.example.com',
    status: 'submitted',
    daysAgo: 2,
    providers: 4,
  },
  {
    practice: 'Willow Internal Medicine',
    contact: 'Avery Collins',
    email: 'role1@demo.test',
    status: 'in_review',
    daysAgo: 3,
    providers: 1,
  },
  {
    practice: 'Bayview Primary Care',
    contact: 'Lena Fox',
    email: 'lena@bayview.example.com',
    status: 'in_review',
    daysAgo: 5,
    providers: 3,
  },
  {
    practice: 'Northgate Cardiology',
    contact: 'Sam Ortiz',
    email: 'sam@northgate.example.com',
    status: 'approved',
    daysAgo: 9,
    providers: 5,
  },
  {
    practice: 'Elm Street Clinic',
    contact: 'Ruth Park',
    email: 'ruth@elmstreet.example.com',
    status: 'rejected',
    daysAgo: 12,
    providers: 1,
  },
];

const DAY_MS = 86_400_000;

/**
 * Demo onboarding submissions (decisions.md "Onboarding"), without files: the review list has rows of every status
 * to sort and filter. An approved one names the first seeded practice as the practice it became.
 */
export async function seedOnboarding(trx: Db, { today, adminId }: { today: Date; adminId: number }) {
  const practice = await trx
    .selectFrom('practices')
    .select('practice_id')
    .orderBy('practice_id')
    .executeTakeFirstOrThrow();
  for (const [i, s] of SIGN_UPS.entries()) {
    const at = new Date(today.getTime() - s.daysAgo * DAY_MS);
    const decided = s.status === 'approved' || s.status === 'rejected';
    const providers: OnboardingProvider[] = Array.from({ length: s.providers }, (_, n) => ({
      name: `Dr. Provider ${n + 1}`,
      npi: DEMO_NPI,
      credential: n % 2 === 0 ? 'MD' : 'NP',
    }));
    await trx
      .insertInto('onboarding_submissions')
      .values({
        reference: `OB-DEMO${String(i + 1).padStart(4, '0')}`,
        status: s.status,
        practice_name: s.practice,
        practice_npi: DEMO_NPI,
        practice_address: `${100 + i * 11} Main Street, Springfield, IL 62701`,
        practice_phone: `555010${String(1000 + i).slice(-4)}`,
        contact_name: s.contact,
        contact_email: s.email,
        contact_phone: `555020${String(1000 + i).slice(-4)}`,
        providers: JSON.stringify(providers),
        expected_rpm: 40 + i * 10,
        expected_ccm: 20 + i * 5,
        expected_pcm: i,
        expected_bhi: i % 3,
        expected_rtm: 0,
        signature_name: s.contact,
        signed_at: at,
        signed_ip: '203.0.113.10',
        submitted_at: at,
        ...(s.status === 'submitted'
          ? {}
          : { review_started_by: adminId, review_started_at: new Date(at.getTime() + DAY_MS / 2) }),
        ...(decided ? { decided_by: adminId, decided_at: new Date(at.getTime() + DAY_MS) } : {}),
        ...(s.status === 'approved' ? { practice_id: practice.practice_id } : {}),
        ...(s.status === 'rejected'
          ? { reject_reason: 'The W-9 is unsigned. Please send a signed copy.' }
          : {}),
      })
      .execute();
  }
}
