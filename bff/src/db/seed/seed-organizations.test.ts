import { describe, expect, it } from 'vitest';
import { DEMO_ORGANIZATIONS } from './demo-organizations.js';
import { PATIENTS_PER_PRACTICE, practicesOf } from './seed-organizations.js';

describe('practices as the seed grows', () => {
  const practicesFor = (patients: number) =>
    DEMO_ORGANIZATIONS.flatMap((organization, index) =>
      practicesOf(organization, index, Math.ceil(patients / PATIENTS_PER_PRACTICE)),
    );

  it('keeps the five demo practices up to 2,500 patients and makes 200 for 100,000', () => {
    expect(practicesFor(20).map((practice) => practice.name)).toEqual(
      DEMO_ORGANIZATIONS.flatMap((organization) => organization.practices.map((practice) => practice.name)),
    );
    expect(practicesFor(2_500)).toHaveLength(5);
    expect(practicesFor(10_000)).toHaveLength(20);
    const large = practicesFor(100_000);
    expect(large).toHaveLength(200);
    expect(new Set(large.map((practice) => practice.name)).size).toBe(200);
    // Spec 000 §5: letters, digits, comma, hyphen, full stop and space.
    for (const practice of large) expect(practice.locations[0]?.name).toMatch(/^[A-Za-z0-9,. -]+$/);
  });
});
