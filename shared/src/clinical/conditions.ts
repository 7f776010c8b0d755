/**
 * The chronic conditions the care team monitors and teaches about (the Clinical and Tips tabs), and the common
 * ICD-10-CM codes of RPM/CCM patients with their descriptions (decisions.md "Clinical conditions from ICD-10").
 */

export const CONDITIONS = ['hypertension', 'heart_failure', 'diabetes', 'copd', 'weight'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_LABELS: Readonly<Record<Condition, string>> = {
  hypertension: 'Hypertension',
  heart_failure: 'Heart Failure',
  diabetes: 'Diabetes',
  copd: 'COPD',
  weight: 'Weight Management',
};

/** ICD-10-CM category prefixes of each condition (hypertensive diseases I10–I16, HF I50, DM E08–E13, ...). */
const CONDITION_PREFIXES: Readonly<Record<Condition, readonly string[]>> = {
  hypertension: ['I10', 'I11', 'I12', 'I13', 'I15', 'I16'],
  heart_failure: ['I50', 'I11.0', 'I13.0', 'I13.2'],
  diabetes: ['E08', 'E09', 'E10', 'E11', 'E13'],
  copd: ['J43', 'J44'],
  weight: ['E66', 'R63.5', 'Z68.3', 'Z68.4'],
};

/** The conditions an ICD-10 code belongs to (hypertensive heart disease with HF is both). */
export function conditionsOfCode(code: string): Condition[] {
  const upper = code.toUpperCase();
  return CONDITIONS.filter((c) => CONDITION_PREFIXES[c].some((prefix) => upper.startsWith(prefix)));
}

/** The distinct conditions of a set of diagnosis codes, in the order of {@link CONDITIONS}. */
export function conditionsOfCodes(codes: readonly string[]): Condition[] {
  const found = new Set(codes.flatMap(conditionsOfCode));
  return CONDITIONS.filter((c) => found.has(c));
}

/** Common diagnoses of monitored patients: offered when adding a diagnosis, and the demo seed's descriptions. */
export const COMMON_DIAGNOSES: readonly { readonly code: string; readonly description: string }[] = [
  { code: 'I10', description: 'Essential (primary) hypertension' },
  { code: 'I11.0', description: 'Hypertensive heart disease with heart failure' },
  { code: 'I50.9', description: 'Heart failure, unspecified' },
  { code: 'I48.91', description: 'Unspecified atrial fibrillation' },
  { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
  { code: 'E11.65', description: 'Type 2 diabetes mellitus with hyperglycemia' },
  { code: 'J44.9', description: 'Chronic obstructive pulmonary disease, unspecified' },
  { code: 'E66.9', description: 'Obesity, unspecified' },
  { code: 'N18.3', description: 'Chronic kidney disease, stage 3 (moderate)' },
  { code: 'E78.5', description: 'Hyperlipidemia, unspecified' },
  { code: 'G47.33', description: 'Obstructive sleep apnea (adult) (pediatric)' },
];
