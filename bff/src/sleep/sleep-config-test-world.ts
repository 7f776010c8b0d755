import { afterAll, beforeAll } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../test-app.js';

/** The sleep configuration tests' app and callers (templates.test.ts, billing-config.test.ts). */
export type Signed = Awaited<ReturnType<typeof signIn>>;

export interface SleepConfigWorld {
  t: TestApp;
  /** role16@: Lakeside sleep reader. */
  reader: Signed;
  /** role17@: Lakeside sleep coordinator. */
  coordinator: Signed;
  /** role1@. */
  admin: Signed;
  /** role11@: Riverside biller with HST Billing Configuration. */
  biller: Signed;
  lakeside: number;
  riverside: number;
}

/** Starts one app for a test file (stopped after it) and signs the callers in; fields are set in beforeAll. */
export function sleepConfigWorld(): SleepConfigWorld {
  const w = {} as SleepConfigWorld;
  const orgId = async (name: string) =>
    (
      await w.t.db
        .selectFrom('organizations')
        .select('organization_id')
        .where('organization_name', '=', name)
        .executeTakeFirstOrThrow()
    ).organization_id;
  beforeAll(async () => {
    w.t = await startTestApp({ seedPatients: 40 });
    w.reader = await signIn(w.t.app, 'role16@demo.test');
    w.coordinator = await signIn(w.t.app, 'role17@demo.test');
    w.admin = await signIn(w.t.app, 'role1@demo.test');
    w.biller = await signIn(w.t.app, 'role11@demo.test');
    w.lakeside = await orgId('Lakeside Sleep and Dental Center');
    w.riverside = await orgId('Riverside Family Health');
  });
  afterAll(async () => w.t?.close());
  return w;
}
