import { z } from 'zod';
import { storedUser } from '../user.js';
import { defineCall } from './contract.js';
import { recordId } from './ids.js';

/** 000 §4.4, §7; 001 §6: an admin-style user signs in as another user (is_dummy), keeping their own session. */
export const temporaryLogin = defineCall({
  method: 'POST',
  path: 'rpm/auth/login',
  spec: '000 §4.4, §7; 001 §6',
  summary: 'Temporary login as another user, allowed to lowest role 1; both identities are audited',
  access: 'session',
  body: z.object({
    username: z
      .string()
      .trim()
      .toLowerCase()
      .min(1)
      .max(254)
      // A user name is an e-mail address; control characters (NUL breaks the database query) never belong in one.
      .regex(/^[^\p{Cc}]+$/u, 'Must not contain control characters'),
    /** Not checked for a temporary login (is_dummy 1): the admin's own session authorises it. */
    password: z.string().max(256).default(''),
    is_dummy: z.literal(1),
    user_id: recordId,
    user_token: z.string().min(1).max(256),
  }),
  response: z.object({ status: z.number().int(), message: z.string(), user: storedUser.optional() }),
});

export const getRpmVersion = defineCall({
  method: 'POST',
  path: 'getRpmVersion',
  spec: '000 §7; 001 §4 (version check)',
  summary:
    "The latest client version (app_config 'rpm_version'); a newer one makes the client offer a reload",
  access: 'public',
  body: z.object({ config_key: z.literal('rpm_version') }),
  response: z.object({ status: z.number().int(), data: z.object({ value: z.string() }) }),
});

export const getIncompleteTaskCount = defineCall({
  method: 'GET',
  path: 'rpm/monitor/getIncompleteTaskCount',
  spec: '000 §7 (My Tasks badge, §2.7)',
  summary: 'Open and in-progress tasks assigned to the signed-in user',
  access: 'session',
  response: z.object({ status: z.number().int(), count: z.number().int() }),
});
