import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/schema.js';
import { DEMO_DEVICE_KEY } from '../../db/seed/index.js';
import { startTestApp, type TestApp } from '../../test-app.js';
import { type FixtureDevice, giveDevice, makePatient, placeOf } from '../../test-fixtures.js';
import { createIntake } from './pipeline.js';
import { IntakeRefusal } from './refusal.js';

let t: TestApp;
let device: FixtureDevice;

beforeAll(async () => {
  t = await startTestApp();
  const nurse = await t.db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', 'role8@demo.test')
    .executeTakeFirstOrThrow();
  const patient = await makePatient(t.db, await placeOf(t.db, nurse.user_id));
  device = await giveDevice(t.db, patient, 3, new Date(t.clock.now().getTime() - 86_400_000));
});
afterAll(async () => t.close());

/** A Db that counts its transactions and can be told to fail them. */
function counting(db: Db, fail = false): { db: Db; transactions: () => number } {
  let count = 0;
  // A proxy, not Object.create: Kysely keeps its state in private fields, which only the real object can read.
  const wrapped = new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction')
        return () => {
          count++;
          if (fail) return { execute: async () => Promise.reject(new Error('database gone')) };
          return target.transaction();
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: wrapped, transactions: () => count };
}

const hub = { notifyUser: () => {}, alertsChanged: () => {} } as never;
const reading = (minutesAgo: number, key: string | null = DEMO_DEVICE_KEY) => ({
  key: key ?? undefined,
  ip: '127.0.0.1',
  body: {
    imei: device.imei,
    taken_at: new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString(),
    values: { blood_glucose: 110 },
  },
});

describe('createIntake (group commit)', () => {
  it('writes the measurements queued together in one transaction', async () => {
    const { db, transactions } = counting(t.db);
    const intake = createIntake({ db, clock: t.clock, hub });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => intake.submit(reading(n))));
    expect(answers.every((a) => a.duplicate === false && a.reading_ids.length === 1)).toBe(true);
    expect(transactions()).toBe(1);
    await intake.close();
  });

  it('answers refusals and fails the rest when the batch’s transaction fails', async () => {
    const { db } = counting(t.db, true);
    const intake = createIntake({ db, clock: t.clock, hub });
    const [good, noKey] = await Promise.allSettled([
      intake.submit(reading(10)),
      intake.submit(reading(11, null)),
    ]);
    expect(good.status === 'rejected' && (good.reason as Error).message).toBe('database gone');
    expect(noKey.status === 'rejected' && (noKey.reason as IntakeRefusal).reason).toBe('key_missing');
    await intake.close();
  });

  it('refuses new measurements once closed', async () => {
    const intake = createIntake({ db: t.db, clock: t.clock, hub });
    await intake.close();
    await expect(intake.submit(reading(12))).rejects.toMatchObject({ reason: 'closed' });
    await expect(intake.submit(reading(12))).rejects.toBeInstanceOf(IntakeRefusal);
  });
});
