import { ALL_CALLS, type CallDef, callUrl } from '@rpm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/seed/demo-users.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { pageOf, pagesOf, type Signed, signInAll } from './users.js';

/**
 * The authorisation matrix, generated from the contract. Every call × every demo user and anonymous,
 * with an input that need not be valid (the access check runs before input parsing, http/calls.ts). Expected,
 * from the call's declared access and the user's pages only: anonymous → 401 on every non-public call; a user
 * whose pages lack the call's page → 403 naming the page; anyone else → neither of those, and never a 5xx.
 */

const SIGN_IN_FIRST = 'Sign in first: the uid and token headers are missing or malformed.';
const noPage = (page: string) => `You do not have access to '${page}'.`;

let t: TestApp;
let signed: Signed[];

beforeAll(async () => {
  t = await startTestApp();
  signed = await signInAll(t.app);
});
afterAll(async () => t.close());

/** A request with no query and an empty body: enough to pass the access check, never a valid input. */
function request(call: CallDef, headers: Record<string, string>): InjectOptions {
  return {
    method: call.method,
    url: callUrl(call),
    headers,
    ...(call.method === 'GET' ? {} : { payload: {} }),
  };
}

/** The error envelope's message, if the answer is one (files and lists are not). */
function messageOf(res: {
  headers: Record<string, unknown>;
  json(): { message?: string };
}): string | undefined {
  return String(res.headers['content-type'] ?? '').startsWith('application/json')
    ? res.json().message
    : undefined;
}

interface Outcome {
  readonly who: string;
  readonly status: number;
  readonly message: string | undefined;
}

describe('the authorisation matrix (issue 11)', () => {
  it('answers every call × every demo user and anonymous as the contract declares', async () => {
    const failures: string[] = [];
    let requests = 0;
    let allowed = 0;
    let refused = 0;
    for (const call of ALL_CALLS) {
      const page = pageOf(call);
      const outcomes: { outcome: Outcome; pages: ReadonlySet<string> | null }[] = [];
      const anonymous = await t.app.inject(request(call, {}));
      outcomes.push({
        outcome: { who: 'anonymous', status: anonymous.statusCode, message: messageOf(anonymous) },
        pages: null,
      });
      for (const [i, user] of DEMO_USERS.entries()) {
        const res = await t.app.inject(request(call, (signed[i] as Signed).headers));
        outcomes.push({
          outcome: { who: user.username, status: res.statusCode, message: messageOf(res) },
          pages: pagesOf(user),
        });
      }
      for (const { outcome, pages } of outcomes) {
        requests++;
        const label = `${call.method} ${call.path} as ${outcome.who}: ${outcome.status} ${outcome.message ?? ''}`;
        if (outcome.status >= 500) failures.push(`${label} (a 5xx)`);
        else if (call.access === 'public') {
          // Public calls never ask for a session.
          if (outcome.message === SIGN_IN_FIRST) failures.push(`${label} (public, asked for a session)`);
          else allowed++;
        } else if (pages === null) {
          if (outcome.status !== 401 || outcome.message !== SIGN_IN_FIRST)
            failures.push(`${label} (want 401)`);
          else refused++;
        } else if (page !== null && !pages.has(page)) {
          if (outcome.status !== 403 || outcome.message !== noPage(page))
            failures.push(`${label} (want 403)`);
          else refused++;
        } else if (outcome.status === 401 || outcome.message === (page && noPage(page))) {
          failures.push(`${label} (want access)`);
        } else allowed++;
      }
    }
    console.log(
      `security matrix: ${ALL_CALLS.length} calls × ${DEMO_USERS.length + 1} callers (${DEMO_USERS.length} demo users and anonymous) = ${requests} requests; ${refused} refused as declared, ${allowed} let through, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(requests).toBe(ALL_CALLS.length * (DEMO_USERS.length + 1));
    // ~10,000 requests: about a minute alone, longer beside the other projects' files on two cores.
  }, 300_000);
});
