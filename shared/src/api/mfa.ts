import { z } from 'zod';
import { loginAnswer } from './auth.js';
import { defineCall } from './contract.js';

/** Multi-factor sign-in with TOTP (decisions.md "Multi-factor sign-in"), beside 000 §7's sign-in. */

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`, dash and case optional). */
const mfaCode = z.string().trim().min(6, 'Enter the 6-digit code or a recovery code').max(32);

export const verifyMfa = defineCall({
  method: 'POST',
  path: 'rpm/auth/verifyMfa',
  spec: 'issue 11',
  summary: 'Second sign-in step: the code from the authenticator app (or a recovery code) for an mfa_token',
  access: 'public',
  body: z.object({ mfa_token: z.string().min(1).max(256), code: mfaCode }),
  response: loginAnswer,
});

export const getMfaStatus = defineCall({
  method: 'GET',
  path: 'rpm/auth/mfa/status',
  spec: 'issue 11',
  summary:
    'Whether the signed-in user has a TOTP factor, whether their role requires one, and unused recovery codes',
  access: 'session',
  response: z.object({
    enrolled: z.boolean(),
    required: z.boolean(),
    recovery_codes_left: z.number().int(),
  }),
});

export const beginMfaEnrolment = defineCall({
  method: 'POST',
  path: 'rpm/auth/mfa/begin',
  spec: 'issue 11',
  summary: 'Start enrolling a TOTP factor: a new secret, its otpauth URI and QR code (PNG data URL)',
  access: 'session',
  response: z.object({ secret: z.string(), uri: z.string(), qr: z.string() }),
});

export const confirmMfaEnrolment = defineCall({
  method: 'POST',
  path: 'rpm/auth/mfa/confirm',
  spec: 'issue 11',
  summary: 'Finish enrolling with a code from the app; answers the one-time recovery codes, shown once',
  access: 'session',
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
  }),
  response: z.object({ status: z.literal(1), message: z.string(), recovery_codes: z.array(z.string()) }),
});

export const disableMfa = defineCall({
  method: 'POST',
  path: 'rpm/auth/mfa/disable',
  spec: 'issue 11',
  summary: "Remove the signed-in user's own factor, proven by a current code or a recovery code",
  access: 'session',
  body: z.object({ code: mfaCode }),
  response: z.object({ status: z.literal(1), message: z.string() }),
});

export const resetUserMfa = defineCall({
  method: 'POST',
  path: 'rpm/users/resetMfa',
  spec: 'issue 11',
  summary: "An administrator (role 1) removes a user's factor and recovery codes (audited)",
  access: 'session',
  body: z.object({ userid: z.number().int().positive() }),
  response: z.object({ status: z.literal(1), message: z.string() }),
});
