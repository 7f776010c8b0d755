import { BILLING_UTILITY_ENTRIES, getBillingUtilitySummary, LISTS, type ListName } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { listCounts } from '../lists/register.js';
import type { ListSource } from '../lists/source.js';

/** The entries of the Billing Utility landing page with a count (decisions.md "Billing Utility"). */
const COUNTED = BILLING_UTILITY_ENTRIES.flatMap(({ route, attention }) =>
  attention ? [{ route, attention }] : [],
);

/**
 * The Billing Utility landing page's counts (000 §2.4): each list's rows needing attention, counted by the list's own
 * source under the filters the entry's link applies, in the caller's scope (`sources`: embedded.ts LIST_SOURCES).
 */
export function billingUtilityRoutes(
  app: FastifyInstance,
  deps: Deps,
  sources: Readonly<Record<ListName, ListSource<object>>>,
): void {
  registerCall(app, deps, getBillingUtilitySummary, async ({ auth }) => {
    const counts = await listCounts(
      deps,
      auth,
      COUNTED.map(({ route, attention }) => ({
        key: route,
        def: LISTS[attention.list],
        source: sources[attention.list],
        query: attention.filters,
      })),
    );
    return { data: counts.map(({ key, count }) => ({ route: key, count })) };
  });
}
