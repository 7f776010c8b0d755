import { type Algorithm, hash } from '@node-rs/argon2';
import { isoDay } from '@rpm/shared';
import { sql } from 'kysely';
import { mfaKey } from '../../auth/mfa.js';
import { enrolWithSecret } from '../../auth/mfa-store.js';
import { rebuildSummaries } from '../../billing/summary.js';
import { addReadingMonths } from '../reading-months.js';
import { type Db, TABLE_NAMES, type TableName } from '../schema.js';
import { startOfMonthsAgo } from './dates.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users.js';
import { HISTORY_MONTHS } from './patient-history.js';
import { createRandom } from './prng.js';
import { seedActivity } from './seed-activity.js';
import { seedCalls } from './seed-calls.js';
import { seedCarePlans } from './seed-careplans.js';
import { DEMO_DEVICE_KEY, seedChart } from './seed-chart.js';
import { seedClaimStatus } from './seed-claim-status.js';
import { seedClinical } from './seed-clinical.js';
import { seedConfig } from './seed-config.js';
import { seedDental } from './seed-dental.js';
import { seedDeviceLogs } from './seed-device-logs.js';
import { seedDeviceReturns } from './seed-device-returns.js';
import { seedForms } from './seed-forms.js';
import { seedLeadPractices, seedLeads } from './seed-leads.js';
import { seedMessages } from './seed-messages.js';
import { seedOnboarding } from './seed-onboarding.js';
import { seedOrders } from './seed-orders.js';
import { seedOrganizations } from './seed-organizations.js';
import { seedPatients } from './seed-patients.js';
import { seedSleep } from './seed-sleep.js';
import { seedSleepSchedule } from './seed-sleep-schedule.js';
import { seedSsResources } from './seed-ss-resources.js';
import { assignDemoUsers, insertDemoUsers, insertPracticeTeams, seedRolePages } from './seed-staff.js';
import { seedTags } from './seed-tags.js';
import { seedUploads } from './seed-uploads.js';
import { seedWorklists } from './seed-worklists.js';

const DEFAULT_SEED = 20_261_115;

/** Options of {@link seedDemo}. */
export interface SeedOptions {
  /** How many patients to generate (the demo uses 300; benchmarks 10,000 and more). */
  readonly patients: number;
  /** Seed of the random numbers (default {@link DEFAULT_SEED}): the same seed gives the same data. */
  readonly seed?: number;
  /** The reference "today": history ends the day before, passwords age from it. The clock is never read. */
  readonly today: Date;
  /** Months of readings and minutes, the current included (default 6: the compliance strip's five plus this one). */
  readonly historyMonths?: number;
  /** False seeds a schema from before 0072 (that migration's own test), which has no readings partitions to add. */
  readonly readingMonths?: boolean;
  /** APP_SECRET, whose derived key encrypts the demo TOTP secret (auth/mfa.ts); unset: the development key. */
  readonly appSecret?: string;
}

/** One demo sign-in, as the server prints it and the README lists it. */
export interface DemoSignIn {
  readonly username: string;
  readonly roleid: readonly number[];
  readonly note: string;
}

/** What {@link seedDemo} made. */
export interface SeedSummary {
  readonly seed: number;
  /** The reference day, 'YYYY-MM-DD'. */
  readonly today: string;
  /** Rows per table after seeding (reference tables included). */
  readonly counts: Record<TableName, number>;
  /** The demo sign-ins; every one uses {@link DEMO_PASSWORD}. */
  readonly signIns: readonly DemoSignIn[];
  /** The demo vendor key of the reading intake (header x-device-key; seed-chart.ts). */
  readonly deviceKey: string;
}

/** Algorithm.Argon2id: the package's const enum cannot be read under verbatimModuleSyntax, so its value. */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id parameters: 19 MiB, two passes, one lane. */
const PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** True when no user exists yet, i.e. the database has never been seeded or used. */
export async function isEmpty(db: Db): Promise<boolean> {
  const user = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  return user === undefined;
}

/** Fills a migrated, empty database with deterministic demo data in one transaction (all or nothing). */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  if (!Number.isInteger(opts.patients) || opts.patients < 0)
    throw new Error('patients must be a whole number ≥ 0');
  if (opts.historyMonths !== undefined && (!Number.isInteger(opts.historyMonths) || opts.historyMonths < 1))
    throw new Error('historyMonths must be a whole number ≥ 1');
  const seed = opts.seed ?? DEFAULT_SEED;
  const today = opts.today;
  const random = createRandom(seed);
  // Hashed once: argon2id is deliberately slow, and every seeded user shares the demo password.
  const passwordHash = await hash(DEMO_PASSWORD, PASSWORD_HASH_OPTIONS);

  await db.transaction().execute(async (trx) => {
    // The history's months get their readings partitions first, so no reading lands in the default one.
    if (opts.readingMonths !== false)
      await addReadingMonths(trx, startOfMonthsAgo(today, (opts.historyMonths ?? HISTORY_MONTHS) - 1), today);
    await seedRolePages(trx);
    const demoUserIds = await insertDemoUsers(trx, passwordHash, today);
    const [adminId] = demoUserIds;
    if (adminId === undefined) throw new Error('DEMO_USERS must start with the top administrator');
    for (const [index, user] of DEMO_USERS.entries()) {
      const userId = demoUserIds[index];
      if ('totpSecret' in user && userId !== undefined)
        await enrolWithSecret(trx, mfaKey(opts.appSecret), userId, user.totpSecret, today);
    }
    const organizations = await seedOrganizations(trx, adminId, opts.patients);
    const demoStaff = await assignDemoUsers(trx, demoUserIds, organizations);
    const teams = await insertPracticeTeams(trx, random, organizations, passwordHash, today);
    const staff = [...demoStaff, ...teams];
    const patients = await seedPatients({
      trx,
      random,
      seed,
      today,
      count: opts.patients,
      organizations,
      staff,
      ...(opts.historyMonths === undefined ? {} : { historyMonths: opts.historyMonths }),
    });
    await seedActivity(trx, random, today, staff, patients);
    await seedTags(trx, seed, patients);
    await seedChart(trx, { today, adminId });
    await seedDeviceLogs(trx, today);
    await seedClinical(trx, { today, adminId });
    await seedCarePlans(trx, { today, adminId });
    await seedWorklists(trx, { today, adminId });
    await seedOrders(trx, { adminId, today });
    await seedMessages(trx, today);
    await seedSleep(trx, { today, adminId });
    await seedSleepSchedule(trx, { today, adminId });
    await seedDeviceReturns(trx, { today, adminId });
    await seedDental(trx, { today, adminId });
    await seedCalls(trx, { today });
    await seedConfig(trx);
    await seedLeads(trx, today);
    await seedLeadPractices(trx);
    await seedSsResources(trx, { today, adminId });
    await seedForms(trx, { today, adminId });
    await seedUploads(trx, today);
    await seedClaimStatus(trx, { today, adminId });
    await seedOnboarding(trx, { today, adminId });
    // Billing reads per-patient-per-month summaries (billing/summary.ts); the bulk writes above bypass the
    // incremental path, so the summaries are computed once from the seeded rows.
    await rebuildSummaries(trx);
    await trx
      .insertInto('audit_log')
      .values({
        at: today,
        user_id: adminId,
        action: 'seed',
        entity: 'database',
        detail: JSON.stringify({ seed, patients: opts.patients }),
      })
      .execute();
  });

  return {
    seed,
    today: isoDay(today),
    counts: await countRows(db),
    deviceKey: DEMO_DEVICE_KEY,
    signIns: DEMO_USERS.map((user) => ({
      username: user.username,
      roleid: user.roles,
      note: user.description,
    })),
  };
}

/** Rows per application table. */
async function countRows(db: Db): Promise<Record<TableName, number>> {
  const selects = TABLE_NAMES.map(
    (table) => sql`select ${table} as name, count(*) as count from ${sql.table(table)}`,
  );
  const { rows } = await sql<{
    name: TableName;
    count: number;
  }>`${sql.join(selects, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.count])) as Record<TableName, number>;
}
