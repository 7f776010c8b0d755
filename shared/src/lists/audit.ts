import { z } from 'zod';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';

/** One audit row (bff/src/audit.ts writes them; ONC 170.315(d)(2)/(3)). */
export const auditRow = z.object({
  audit_id: z.number().int(),
  at: z.string(),
  /** Who acted: during a temporary login, the user logged in as; null for the system (seed, jobs). */
  actor: z.string().nullable(),
  /** The administrator behind a temporary login (architecture.md "Security": every row names both identities). */
  on_behalf_of: z.string().nullable(),
  action: z.string(),
  /** The entity and its id, e.g. 'task 12'. */
  record: z.string(),
  /** The client's network address. */
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

/** The audit report: every audit row, newest first, for role 1 (decisions.md "Audit report"). */
export const auditList = defineList({
  name: 'audit',
  title: 'Audit Report',
  spec: 'issue 11 (ONC 170.315(d)(2)/(3))',
  route: LIST_ROUTES.audit,
  page: 'Audit Report',
  row: auditRow,
  idKey: 'audit_id',
  columns: [
    { key: 'at', label: 'Time', sortable: true, format: 'datetime' },
    { key: 'actor', label: 'Actor', sortable: true },
    { key: 'on_behalf_of', label: 'On Behalf Of', sortable: true },
    { key: 'action', label: 'Action', sortable: true },
    { key: 'record', label: 'Record', sortable: true },
    { key: 'ip', label: 'Address', sortable: true },
  ],
  defaultSort: { key: 'at', order: 'desc' },
  filters: [
    { key: 'action', label: 'Action', multi: true, kind: 'text' },
    { key: 'actor', label: 'Actor', multi: true },
    { key: 'entity', label: 'Record Type', multi: true, kind: 'text' },
    { key: 'at', label: 'Date', dateRange: true },
  ],
  searchPlaceholder: 'Search action, record or address',
  exports: ['pdf', 'csv'],
});
