/** Patient status codes used by the seed (001 §2.3, §3; decisions.md "Status lists"). */

/** RPM status codes. */
export const RPM_STATUS = {
  referred: 1,
  contacted: 2,
  consented: 3,
  /** Devices set up; from here the RPM details show. */
  enrolled: 4,
  active: 5,
  onHold: 6,
  discharged: 7,
  /** Rejected: shows reject_reason and reject_comment. */
  rejected: 9,
} as const;

/** CCM status codes. */
export const CCM_STATUS = {
  eligible: 1,
  /** From here the CCM progress shows. */
  enrolled: 2,
  active: 3,
  /** Not a CCM patient: the CCM tab is hidden. */
  notApplicable: 30,
} as const;

/** BHI status codes (the BHI tab shows only when a health-med id exists). */
export const BHI_STATUS = {
  eligible: 1,
  enrolled: 2,
} as const;
