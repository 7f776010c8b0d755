import { z } from 'zod';
import { defineCall } from './contract.js';
import { listEnvelope } from './envelope.js';
import { recordId } from './ids.js';

/** 000 §5: organisation names allow letters, digits, comma, hyphen, period and space. */
export const ORG_NAME_PATTERN = /^[\p{L}\p{N},\-. ]+$/u;
/**
 * 000 §5 says descriptions reject "special characters" without listing them; we allow letters (any script, since the
 * source language may be Arabic or Spanish), digits, whitespace and everyday punctuation . , - ' ( ) : ; & / ? !
 */
export const ORG_DESCRIPTION_PATTERN = /^[\p{L}\p{M}\p{N}\s.,\-'():;&/?!]+$/u;

export const organizationName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(120)
  .regex(ORG_NAME_PATTERN, 'Name cannot contain special characters');
/** The provider's translation, stored as given; PostgreSQL text cannot hold NUL characters. */
const translatedDetails = z
  .string()
  .trim()
  .max(4000)
  .refine((text) => !text.includes('\0'), 'Must not contain NUL characters')
  .nullable()
  .default(null);
const organizationDetails = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(2000)
  .regex(ORG_DESCRIPTION_PATTERN, 'Description cannot contain special characters');

export const organizationRow = z.object({
  organizationid: z.number().int(),
  organization_name: z.string(),
  organization_details: z.string(),
  description_language_id: z.number().int(),
  translated_details: z.string().nullable(),
  practices: z.number().int(),
  locations: z.number().int(),
  created_at: z.string(),
});
export type OrganizationRow = z.infer<typeof organizationRow>;

export const getOrganizations = defineCall({
  method: 'GET',
  path: 'rpm/org/getAll',
  spec: '000 §2.4 (Organizations Table), §2.10, §2.11',
  summary:
    'The organisations the user may see (all for role 1), for the Organizations table; our call, not shown in the spec',
  access: { page: 'Organizations Table' },
  response: listEnvelope(organizationRow),
});

export const addOrganization = defineCall({
  method: 'POST',
  path: 'rpm/org/add',
  spec: '000 §2.10, §4.7; 001 §7 Organisations',
  summary: 'Creates an organisation (trimmed values; the name must be unique ignoring case)',
  access: { page: 'Organizations Table' },
  body: z.object({
    organization_name: organizationName,
    organization_details: organizationDetails,
    userid: recordId,
    description_language_id: recordId.default(1),
    translated_details: translatedDetails,
  }),
  response: z.object({
    status: z.number().int(),
    message: z.string(),
    data: z.object({ organizationid: z.number().int() }),
  }),
});

export const updateOrganization = defineCall({
  method: 'POST',
  path: 'rpm/org/update',
  spec: '000 §2.10, §4.7; 001 §7 Organisations',
  summary: 'Edits an organisation; is_name_changed says whether the name changed (trimmed, ignoring case)',
  access: { page: 'Organizations Table' },
  body: z.object({
    organizationid: recordId,
    organization_name: organizationName,
    organization_details: organizationDetails,
    modified_user_id: recordId,
    description_language_id: recordId.default(1),
    translated_details: translatedDetails,
    is_name_changed: z.boolean().default(false),
  }),
  response: z.object({ status: z.number().int(), message: z.string() }),
});

export const translateText = defineCall({
  method: 'POST',
  path: 'rpm/translation/translateText',
  spec: '000 §2.10, §4.7, §7',
  summary:
    "Translates to English through the configured provider (source 'ar', 'es' or ''); 503 when none is configured",
  access: 'session',
  body: z.object({
    translate_text: z.string().trim().min(1, 'Please enter text.').max(4000),
    source: z.enum(['ar', 'es', '']),
  }),
  response: z.object({
    status: z.number().int(),
    data: z.object({ translations: z.array(z.object({ translatedText: z.string() })) }),
  }),
});
