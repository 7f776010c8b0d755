import { type CallDef, restrictedPages } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { DEMO_USERS, type DemoUserFlags } from '../db/seed/demo-users.js';
import { ROLE_PAGES } from '../db/seed/role-pages.js';
import { signIn } from '../test-app.js';

/** The security suite's demo users: their access lists from the seed's declaration, and which calls let them in. */

export type Signed = Awaited<ReturnType<typeof signIn>>;

/** The access-list entries of a demo user: the union of their roles' pages. */
export function pagesOf(user: (typeof DEMO_USERS)[number]): ReadonlySet<string> {
  const pages = new Set(user.roles.flatMap((role) => ROLE_PAGES[role] ?? []));
  // 000 §6.2's restrictions narrow the API as they narrow the menu (issue 44).
  const flags: DemoUserFlags = user.flags;
  const only = restrictedPages({
    roleid: [...user.roles],
    is_dentist: flags.isDentist ? 1 : 0,
    is_sleeplab_user: flags.isSleeplabUser ? 1 : 0,
    is_external_care_coord: flags.isExternalCareCoord ? 1 : 0,
    is_interpreting_prac: flags.isInterpretingPrac ? 1 : 0,
    onlyCoRead: flags.onlyCoRead ? 1 : 0,
  });
  return only === null ? pages : new Set([...pages].filter((page) => only.has(page)));
}

/** The page a call needs, or null for 'public' and 'session' calls. */
export function pageOf(call: CallDef): string | null {
  return typeof call.access === 'object' ? call.access.page : null;
}

/** Signs every demo user in once, in the order of DEMO_USERS. */
export async function signInAll(app: FastifyInstance): Promise<Signed[]> {
  const signed: Signed[] = [];
  for (const user of DEMO_USERS) signed.push(await signIn(app, user.username));
  return signed;
}
