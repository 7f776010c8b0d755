import { sql } from 'kysely';
import type { BillingScope } from '../billing/scope.js';
import type { Where } from '../lists/sql.js';

/**
 * Whose invoices a user reads and issues (decisions.md "Invoices"): an invoice covers a whole practice, so the
 * practices of the billing scope the user holds whole (billers: every practice of their organisations).
 */
export function wholePractices(scope: BillingScope): readonly number[] | 'all' {
  if (scope.all) return 'all';
  return [...scope.practices].filter(([, locations]) => locations === null).map(([id]) => id);
}

/** The scope as a condition on a column holding the practice id. */
export function invoiceScopeSql(scope: BillingScope, column: string): Where {
  const practices = wholePractices(scope);
  if (practices === 'all') return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(column)} = any(${[0, ...practices]}::integer[])`;
}
