import { MINUTES_OPTIONS } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { MINUTES_BANDS, monthPace, progressOf } from './progress.js';

describe('reading-day progress (decisions.md "Reading-day progress")', () => {
  it('on 30 November 2026 (1 day left) 15 days can still reach 16, 14 cannot', () => {
    const pace = monthPace('2026-11', new Date('2026-11-30T12:00:00Z'));
    expect(pace).toEqual({ daysLeft: 1, paceDays: 16 });
    expect(progressOf(15, pace)).toBe('at_risk');
    expect(progressOf(14, pace)).toBe('unreachable');
    expect(progressOf(16, pace)).toBe('met');
  });
  it('mid-month: behind pace is at risk, on pace is on track', () => {
    const pace = monthPace('2026-11', new Date('2026-11-15T08:00:00Z'));
    expect(pace).toEqual({ daysLeft: 16, paceDays: 8 });
    expect(progressOf(8, pace)).toBe('on_track');
    expect(progressOf(7, pace)).toBe('at_risk');
    expect(progressOf(0, pace)).toBe('at_risk');
  });
  it('a past month is met or unreachable', () => {
    const pace = monthPace('2026-10', new Date('2026-11-02T00:00:00Z'));
    expect(pace.daysLeft).toBe(0);
    expect(progressOf(15, pace)).toBe('unreachable');
    expect(progressOf(20, pace)).toBe('met');
  });
  it('February of a leap year has 29 days', () => {
    expect(monthPace('2028-02', new Date('2028-02-29T23:59:00Z'))).toEqual({ daysLeft: 1, paceDays: 16 });
  });
});

describe('RPM minute bands', () => {
  it("are the values of the patient lists' minutes filter", () => {
    expect([...MINUTES_BANDS]).toEqual(MINUTES_OPTIONS.map((o) => o.value));
  });
});
