import type { PatientPlan } from './patient-plan.js';

/** Monitored: devices assigned and not discharged, so readings raise alerts for the worklist. */
const monitored = (plan: PatientPlan) => plan.deviceTypeIds.length > 0 && plan.dischargedAt === null;
const nameOf = (plan: PatientPlan) => `${plan.row.lastname}, ${plan.row.firstname}`.toLowerCase();

/**
 * Two monitored patients of the practice with one name, so the demo shows the 'Same name' marker: when none share a
 * name, the second monitored patient of the first's gender takes it. From the plans alone, so no random draw moves.
 */
export function withNameTwins(plans: readonly PatientPlan[], practiceId: number | undefined): PatientPlan[] {
  const mine = plans.filter((plan) => plan.practice.practiceId === practiceId);
  const names = mine.map(nameOf);
  if (new Set(names).size < names.length) return [...plans];
  const first = mine.find(monitored);
  const second =
    first && mine.find((plan) => plan !== first && monitored(plan) && plan.row.gender === first.row.gender);
  if (!first || !second) return [...plans];
  const twin = {
    ...second,
    row: { ...second.row, firstname: first.row.firstname, lastname: first.row.lastname },
  };
  return plans.map((plan) => (plan === second ? twin : plan));
}
