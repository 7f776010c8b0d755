import {
  type CallDef,
  type CallInput,
  callQueryString,
  callUrl,
  getCaptcha,
  loginWithCaptcha,
  verifyMfa,
} from '@rpm/shared';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp } from './app.js';
import { totpCode } from './auth/mfa.js';
import { SimulatedClock } from './clock.js';
import { type Config, loadConfig } from './config.js';
import type { Db } from './db/schema.js';
import { DEMO_TOTP_SECRET } from './db/seed/demo-users.js';
import { testDatabase } from './db/test-database.js';

/** A BFF on a fresh test database (PGlite, or PostgreSQL when DATABASE_URL is set) with a simulated clock. */
export interface TestApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly clock: SimulatedClock;
  close(): Promise<void>;
}

/** The BFF's settings in tests (silent, in memory, a small captcha), with these variables on top. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    CLIENT_DIST: './no-client',
    CAPTCHA_MAX_COUNTER: '50',
    BODY_LIMIT_BYTES: '65536',
    ...env,
  });
}

/** `now`: where the app's clock starts (default the real time); `env`: settings on top of {@link testConfig}'s. */
export async function startTestApp(
  opts: { seedPatients?: number; now?: Date; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const { db, close } = await testDatabase({ seedPatients: opts.seedPatients ?? 5 });
  const config = testConfig(opts.env);
  const clock = new SimulatedClock(opts.now ?? new Date());
  // The escalation job's passes are the tests' own (jobs/alert-escalation.test.ts), on the simulated clock.
  const app = await createApp({ config, db, clock, escalationIntervalMs: 0 });
  await app.ready();
  return {
    app,
    db,
    clock,
    async close() {
      await app.close();
      await close();
    },
  };
}

/** Fetches a captcha and solves it as the sign-in page's widget does; returns the captchaToken. */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const res = await injectCall(app, getCaptcha);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export const DEMO_PASSWORD_FOR_TESTS = 'Demo-pass-2026!';

/** One loginWithCaptcha (000 §4.3), with a solved captcha unless one is given, from the address given. */
export async function attemptLogin(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD_FOR_TESTS,
  opts: { readonly captchaToken?: string; readonly remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return injectCall(app, loginWithCaptcha, {
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    body: { username, password, captchaToken: opts.captchaToken ?? (await solvedCaptcha(app)) },
  });
}

/** Signs in through the real call; returns the headers a protected call needs. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD_FOR_TESTS,
  /** The server clock's time, for the demo MFA user's code (the real time by default). */
  at: Date = new Date(),
): Promise<{ headers: Record<string, string>; user: { user_id: number; token: string } }> {
  let res = await attemptLogin(app, username, password);
  // The demo user enrolled in MFA completes the second step with its printed secret.
  const step = res.json() as { mfa_required?: number; mfa_token?: string };
  if (step.mfa_required === 1 && step.mfa_token)
    res = await injectCall(app, verifyMfa, {
      body: { mfa_token: step.mfa_token, code: totpCode(DEMO_TOTP_SECRET, at) },
    });
  const body = res.json();
  if (!body.user) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'rpm_session');
  if (!cookie) throw new Error('no session cookie');
  return {
    user: body.user,
    headers: {
      uid: String(body.user.user_id),
      token: body.user.token,
      cookie: `rpm_session=${cookie.value}`,
    },
  };
}

/** Who makes a call in a test: a signed-in user's headers, or nobody (`null`: anonymous). */
export type Caller = { readonly headers: Readonly<Record<string, string>> } | null;

/** A call's inputs as the contract types them (tests go through the contract, not literal paths). */
export interface CallRequestOf<C extends CallDef> {
  readonly query?: CallInput<C>['query'];
  readonly body?: CallInput<C>['body'];
  readonly headers?: Readonly<Record<string, string>>;
  /** The client address the request comes from (sign-in limits and MFA challenges are bound to it). */
  readonly remoteAddress?: string;
}

/** Makes one call of the contract as `as` would: its method, `/api/{path}` with the query, the JSON body. */
export function injectCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  input: CallRequestOf<C> = {},
  as: Caller = null,
): Promise<LightMyRequestResponse> {
  return injectUnchecked(app, call, input, as);
}

/** {@link injectCall} with inputs the contract refuses: for tests of bad input. */
export function injectUnchecked(
  app: FastifyInstance,
  call: CallDef,
  input: {
    readonly query?: unknown;
    readonly body?: unknown;
    readonly headers?: Readonly<Record<string, string>>;
    readonly remoteAddress?: string;
  },
  as: Caller = null,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: call.method,
    url: `${callUrl(call)}${callQueryString(input.query)}`,
    headers: { ...as?.headers, ...input.headers },
    ...(input.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(bytes: Buffer, fileName: string, type: string) {
  const boundary = '----rpmTestBoundary7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
