import { z } from 'zod';
import { defineCall } from './contract.js';

/**
 * 001 §2.7, §7: change the password. `superPassword` is the current password. A session flagged change_password
 * (001 §4 "Login and password change") may make only this call until it succeeds.
 */
export const changePasswordByUserId = defineCall({
  method: 'POST',
  path: 'rpm/users/changePasswordByUserId',
  spec: '001 §2.7, §7',
  summary: "Change the signed-in user's password",
  access: 'session',
  body: z.object({
    userid: z.number().int().positive(),
    newPassword: z.string().min(6).max(256),
    superPassword: z.string().min(1).max(256),
  }),
  response: z.object({ status: z.boolean(), message: z.string() }),
});
