/**
 * The monthly CPT codes of remote monitoring and care management, and which set is in force on a date of service.
 *
 * Sources:
 * - Spec 001 §9 (thresholds the product counts: 16 reading days, 20/40 RPM minutes, CCM 20/40 or 30/60, RTM codes)
 *   and architecture.md "Data" (99458 per further 20 minutes).
 * - CMS, Medicare Physician Fee Schedule final rule for CY2025 (CMS-1807-F, released 1 November 2024): RPM 99453 (set-up, once
 *   per episode of care), 99454 (device supply, 16+ days in a 30-day period), 99457 (first 20 minutes of treatment
 *   management), 99458 (each additional 20 minutes); RTM 98980/98981 (first / each additional 20 minutes); CCM
 *   99490/99439 (first 20 / each additional 20 minutes of clinical staff time); 99426/99427 (first 30 / each
 *   additional 30 minutes, the product's "CCM type 1").
 * - CMS, Medicare Physician Fee Schedule final rule for CY2026 (CMS-1832-F, released 31 October 2025), effective for dates of service
 *   from 1 January 2026: adds 99445 (device supply for 2-15 days in the period, never with 99454) and 99470 (first 10
 *   minutes of treatment management, never with 99457). The same rule's RTM additions (98984/98985 device supply,
 *   98979 first 10 minutes) are not among the codes the product counts (001 §3, §9) and are left out.
 *
 * The product bills per calendar month (the period 001 §2.1 selects by month and year), so "30-day period" reads as
 * "the calendar month" here; the date of service that picks the code set is any day of that month.
 */

/** What a code set adds on top of the codes every set bills. */
export interface CodeSet {
  /** First date of service (ISO day) the set applies to. */
  readonly effectiveFrom: string;
  readonly source: string;
  /** Device supply for fewer than the compliance days (99445 from CY2026), or null. */
  readonly partialDeviceSupply: { readonly code: '99445'; readonly minDays: number } | null;
  /** Treatment management below the first 20 minutes (99470 from CY2026), or null. */
  readonly shortTreatment: { readonly code: '99470'; readonly minMinutes: number } | null;
}

/**
 * The code sets, oldest first. The first one also covers every earlier date of service: billing years start in
 * 2020 (001 §9), and the product counts no code that changed between then and CY2025.
 */
export const CODE_SETS: readonly CodeSet[] = [
  {
    effectiveFrom: '2020-01-01',
    source: 'Medicare PFS final rule CY2025',
    partialDeviceSupply: null,
    shortTreatment: null,
  },
  {
    effectiveFrom: '2026-01-01',
    source: 'Medicare PFS final rule CY2026',
    partialDeviceSupply: { code: '99445', minDays: 2 },
    shortTreatment: { code: '99470', minMinutes: 10 },
  },
];

/** The code set in force on a date of service ('YYYY-MM-DD', or any string starting so). */
export function codeSetFor(dateOfService: string): CodeSet {
  const day = dateOfService.slice(0, 10);
  let current = CODE_SETS[0] as CodeSet;
  for (const set of CODE_SETS) if (set.effectiveFrom <= day) current = set;
  return current;
}
