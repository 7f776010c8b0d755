/**
 * Revenue from the insurance default amounts (architecture.md "Data": "priced from the insurance default amounts").
 * Amounts are kept in cents while adding, so a month of thousands of rows sums without floating-point drift.
 */

/** One row of the insurance default amounts: a code's price from a date on. */
export interface DefaultAmount {
  readonly cptCode: string;
  /** Dollars. */
  readonly amount: number;
  /** First date of service (ISO day) the amount applies to. */
  readonly effectiveFrom: string;
}

/** Price per code in cents, for one date of service. */
export type PriceList = ReadonlyMap<string, number>;

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

/**
 * The price of each code in force on a date of service: for each code the amount with the latest
 * `effectiveFrom` on or before that day. Codes with no amount yet in force are missing (priced 0).
 */
export function pricesInForce(amounts: readonly DefaultAmount[], dateOfService: string): PriceList {
  const day = dateOfService.slice(0, 10);
  const best = new Map<string, DefaultAmount>();
  for (const row of amounts) {
    if (row.effectiveFrom > day) continue;
    const current = best.get(row.cptCode);
    if (!current || current.effectiveFrom < row.effectiveFrom) best.set(row.cptCode, row);
  }
  return new Map([...best].map(([code, row]) => [code, toCents(row.amount)]));
}

/** Cents of a list of billed codes (one entry per unit). */
export function priceCents(codes: readonly (string | null)[], prices: PriceList): number {
  let cents = 0;
  for (const code of codes) if (code !== null) cents += prices.get(code) ?? 0;
  return cents;
}
