import { z } from 'zod';
import { storedUser } from '../user.js';
import { defineCall } from './contract.js';

/** Sign-in answers (spec 000 §4.3, §7; 001 §4 "Login and password change"). */
export const loginAnswer = z.object({
  /** 1 = success; anything else with no change_password is the invalid state. */
  status: z.number().int(),
  message: z.string(),
  user: storedUser.optional(),
  /** Set when the server requires a new password before the session may be used (001 §2.7). */
  change_password: z.literal(1).optional(),
  /** The password was right and the user has a TOTP factor; verifyMfa with this token finishes. */
  mfa_required: z.literal(1).optional(),
  mfa_token: z.string().optional(),
  /** The user's role requires a second factor they have not set up: the session may only enrol (verifyMfa docs). */
  mfa_enrol: z.literal(1).optional(),
});

/**
 * An ALTCHA v2 challenge, as the server issues it and as the widget sends it back with its solution (declared once:
 * bff/src/auth/captcha.ts reads the solved payload with it).
 */
export const captchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().min(1),
});

export const getCaptcha = defineCall({
  method: 'GET',
  path: 'captcha',
  spec: '000 §2.5',
  summary: 'A proof-of-work captcha challenge (ALTCHA v2 format) for the sign-in page',
  access: 'public',
  response: captchaChallenge,
});

export const loginWithCaptcha = defineCall({
  method: 'POST',
  path: 'rpm/auth/loginWithCaptcha',
  spec: '000 §7',
  summary: 'Sign in with user name, password and a solved captcha',
  access: 'public',
  body: z.object({
    username: z.string().trim().toLowerCase().min(1).max(254),
    password: z.string().min(1).max(256),
    captchaToken: z.string().min(1).max(4096),
  }),
  response: loginAnswer,
});

export const loginWithToken = defineCall({
  method: 'POST',
  path: 'rpm/auth/loginWithToken',
  spec: '000 §4.4, §7',
  summary: 'Sign in again with a user name and a live session token (return from a temporary login)',
  access: 'public',
  body: z.object({
    username: z.string().trim().toLowerCase().min(1).max(254),
    token: z.string().min(1).max(256),
  }),
  response: loginAnswer,
});

export const checkSession = defineCall({
  method: 'GET',
  path: 'rpm/checkSession',
  spec: '000 §4.1, §4.2, §7',
  summary: 'status=1 extends the session by the idle limit; status=0 ends it (logout, idle end)',
  access: 'session',
  // Exactly '0' or '1'; an empty `status=` is a 400, never read as 0 (which would log the user out).
  query: z.object({
    status: z
      .union([z.literal(0), z.literal(1), z.enum(['0', '1'])], { message: 'status must be 0 or 1' })
      .transform((value) => Number(value) as 0 | 1),
  }),
  response: z.object({
    status: z.number().int(),
    message: z.string(),
    /** When the server will end the session if nothing else happens (ISO time). */
    expires_at: z.string().optional(),
  }),
});

export const isAlive = defineCall({
  method: 'GET',
  path: 'isAlive',
  spec: '001 §7',
  summary: 'Liveness: the server and its database answer',
  access: 'public',
  response: z.object({ status: z.literal(1), message: z.string() }),
});

/** One held-back sign-in: a user name locked everywhere but its known browsers, or from one address. */
export const signInLock = z.object({
  username: z.string(),
  /** The staff member of that user name; null for a name no account has (role 1 sees those too). */
  user_id: z.number().int().nullable(),
  name: z.string().nullable(),
  /** 'name': failures from every address; 'address': from one address, given in `address`. */
  kind: z.enum(['name', 'address']),
  address: z.string().nullable(),
  failures: z.number().int(),
  addresses: z.number().int(),
  locked_until: z.iso.datetime({ offset: true }),
  reason: z.string(),
});

export const getSignInLocks = defineCall({
  method: 'GET',
  path: 'rpm/auth/getSignInLocks',
  spec: 'issue 44 (ours; decisions.md "Sign-in lock-out")',
  summary:
    "The sign-ins held back now and why: user names locked after failures from many addresses, and names locked from one address; an organisation administrator sees their organisations' staff",
  access: { page: 'Admins Table' },
  response: z.object({ status: z.literal(1), data: z.array(signInLock) }),
});
