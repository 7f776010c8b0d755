const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in US dollars, e.g. '$1,234.50' (001 §2.1 total revenue; the insurance default amounts are in USD). */
export function formatUsd(amount: number): string {
  return USD.format(Number.isFinite(amount) ? amount : 0);
}
