import { z } from 'zod';
import { AVATAR_COUNT } from '../constants.js';
import { personFields } from '../staff/admin-form.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';

/** User Profile (000 §2.2): the signed-in user's own record, never another's (decisions.md "Profile calls"). */

/** The avatar set of 11 images (000 §3), served from profileImages/{profile_img} (000 §7). */
export const AVATAR_IMAGES: readonly string[] = Array.from(
  { length: AVATAR_COUNT },
  (_, i) => `avatar-${i + 1}.svg`,
);

/** The editable part of the profile: the staff form's name and contact rules (001 §5) plus the avatar. */
export const profileBody = z.object({
  ...personFields,
  profile_img: z
    .string()
    .refine((v) => AVATAR_IMAGES.includes(v), 'Choose an avatar from the set')
    .nullable(),
});
export type ProfileBody = z.input<typeof profileBody>;

export const getProfile = defineCall({
  method: 'GET',
  path: 'rpm/users/getProfile',
  spec: '000 §2.2 /app/profile; our path (decisions.md "Profile calls")',
  summary: "The signed-in user's own name, contact, user name and avatar",
  access: 'session',
  response: z.object({
    status: z.number().int(),
    // As stored: the rules apply to what is sent, not to older records.
    data: z.object({
      firstname: z.string(),
      lastname: z.string(),
      dob: z.string(),
      phone: z.string(),
      mobile: z.string(),
      fax: z.string(),
      username: z.string(),
      profile_img: z.string().nullable(),
    }),
  }),
});

export const updateProfile = defineCall({
  method: 'POST',
  path: 'rpm/users/updateProfile',
  spec: '000 §2.2 /app/profile, 001 §5; our path (decisions.md "Profile calls")',
  summary: "Changes the signed-in user's own name, contact and avatar",
  access: 'session',
  body: profileBody,
  response: okAnswer,
});
