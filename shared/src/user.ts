import { z } from 'zod';

/** Spec 000 §3 flags are sent as 1 or 0. */
const flag = z.union([z.literal(0), z.literal(1)]);

const option = z.object({ value: z.number().int(), label: z.string() });

/**
 * The logged-in user, as the sign-in answer gives it and as the browser keeps it under the storage key 'user'
 * (spec 000 §3). Parsed with this schema whenever it is read back from storage.
 */
export const storedUser = z.object({
  user_id: z.number().int().positive(),
  token: z.string().min(1),
  name: z.string(),
  username: z.string(),
  roleid: z.array(z.number().int()),
  pages: z.array(z.string()),
  profile_img: z.string().nullable(),
  aws_link: z.string().nullable(),
  is_dentist: flag,
  is_sleeplab_user: flag,
  is_onboarding: flag,
  is_interpreting_prac: flag,
  onlyCoRead: flag,
  is_external_care_coord: flag,
  is_external_sleep_coord: flag,
  dme_id: z.number().int().nullable(),
  interpretingPhysician: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  change_password: flag,
  /** Days since the password was last changed (000 §4.3; decisions.md "Password age"). */
  password_age_days: z.number().int().nonnegative(),
  /** The machine devtools are on for this user in a production build (decisions.md "Machine devtools"). */
  devtools: flag.optional(),
  /** The call panel drives the demo contact centre, not Amazon Connect (server's CALL_SIMULATOR). */
  call_simulator: flag.optional(),
  data: z.object({
    organization_id: z.number().int().nullable(),
    organization_name: z.string().nullable(),
    practices: z.array(option),
    locations: z.array(option),
  }),
});
export type StoredUser = z.infer<typeof storedUser>;

/** The main user kept while a temporary login is active (spec 000 §3). */
export const mainUser = z.object({
  user_id: z.number().int().positive(),
  token: z.string().min(1),
  username: z.string(),
});
export type MainUser = z.infer<typeof mainUser>;
