import { z } from 'zod';
import { PAGES } from '../routes.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId } from './ids.js';

/** A role's access list (000 §2.4 'Roles Table', §6.2), by a call of ours (decisions.md "Role access lists"). */

/** The access-list entries a role may open: those of the route table (000 §2.3, §2.4), each once. */
export const rolePages = z
  .array(z.string())
  .max(PAGES.length)
  .refine((pages) => pages.every((page) => PAGES.includes(page)), 'Unknown page')
  .refine((pages) => new Set(pages).size === pages.length, 'Each page once');

export const rolePagesBody = z.object({ role_id: recordId, pages: rolePages });

export const updateRolePages = defineCall({
  method: 'POST',
  path: 'rpm/roles/updateRolePages',
  spec: '000 §2.4 Roles Table; our path (decisions.md "Role access lists")',
  summary: "Replaces a role's access list (top administrators only); users see it at their next sign-in",
  access: { page: 'Roles Table' },
  body: rolePagesBody,
  response: okAnswer,
});
