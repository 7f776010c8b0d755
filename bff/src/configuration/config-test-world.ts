import { isoDay } from '@rpm/shared';
import { signIn, startTestApp, type TestApp } from '../test-app.js';

/** What the configuration writes' tests work on (one per test file). */
export interface ConfigWorld {
  readonly t: TestApp;
  /** Role 1: every page, every organisation. */
  readonly admin: Signed;
  /** Role 10: Insurances Default Amount and Insurance Plans Tables, its organisations only. */
  readonly biller: Signed;
  /** Role 8: no configuration page. */
  readonly nurse: Signed;
}
type Signed = Awaited<ReturnType<typeof signIn>>;

export async function startConfigWorld(): Promise<ConfigWorld> {
  const t = await startTestApp();
  return {
    t,
    admin: await signIn(t.app, 'role1@demo.test'),
    biller: await signIn(t.app, 'role10@demo.test'),
    nurse: await signIn(t.app, 'role8@demo.test'),
  };
}

/** A table's update call (add-only tables have none). */
export function updateOf<T extends { update: unknown }>(table: T): NonNullable<T['update']> {
  if (!table.update) throw new Error('The table has no update call');
  return table.update as NonNullable<T['update']>;
}

/** The first day of the clock's month. */
export const thisMonth = (w: ConfigWorld) => `${isoDay(w.t.clock.now()).slice(0, 7)}-01`;
