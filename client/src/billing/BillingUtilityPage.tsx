import { Callout, Card, Intent, Spinner, SpinnerSize, Tag } from '@blueprintjs/core';
import {
  BILLING_UTILITY_ENTRIES,
  type BillingUtilityEntry,
  type BillingUtilityRoute,
  getBillingUtilitySummary,
  MSG,
} from '@rpm/shared';
import { Link } from 'wouter';
import { useCall } from '../api/use-call';
import './billing-utility.css';

/** The words of an entry without a screen yet (decisions.md "List screen details"). */
const COMING_SOON = 'Coming soon';

interface EntryCardProps {
  readonly entry: BillingUtilityEntry;
  /** The entry's count; `undefined` while it loads or when the load failed. */
  readonly count: number | undefined;
  readonly loading: boolean;
}

/** One utility: its title as a link, what it is for, and its count of rows needing attention or 'Coming soon'. */
function EntryCard({ entry, count, loading }: EntryCardProps) {
  const { attention } = entry;
  return (
    <Card className="billing-utility-card">
      <h2 className="billing-utility-title">
        <Link href={entry.href}>{entry.title}</Link>
      </h2>
      <p className="billing-utility-description">{entry.description}</p>
      {attention === null ? (
        <Tag minimal>{COMING_SOON}</Tag>
      ) : count !== undefined ? (
        <p className="billing-utility-count" data-attention={count > 0}>
          <strong>{count}</strong> {attention.counted}
        </p>
      ) : loading ? (
        <Spinner size={SpinnerSize.SMALL} aria-label={MSG.loading} />
      ) : null}
    </Card>
  );
}

/**
 * Billing Utility (/app/billing-utility, 000 §2.4): the landing page of the routes its access-list entry unlocks, in
 * the row's order, each with what it is for and, where its list exists, how many of its rows need attention, as
 * the list shows them under the filters its link applies (decisions.md "Billing Utility").
 */
export function BillingUtilityPage() {
  const { data, loading, failure } = useCall(getBillingUtilitySummary, {});
  const counts = new Map<BillingUtilityRoute, number>(data?.data.map(({ route, count }) => [route, count]));
  return (
    <section className="billing-utility" aria-label="Billing Utility">
      {failure && <Callout intent={Intent.DANGER}>{failure.message}</Callout>}
      <ul className="billing-utility-grid">
        {BILLING_UTILITY_ENTRIES.map((entry) => (
          <li key={entry.route}>
            <EntryCard entry={entry} count={counts.get(entry.route)} loading={loading} />
          </li>
        ))}
      </ul>
    </section>
  );
}
