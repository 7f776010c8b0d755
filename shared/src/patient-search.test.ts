import { describe, expect, it } from 'vitest';
import { dobOf, isPatientSearch, patientSearchTerms } from './patient-search.js';

describe('patient search text (issue 38 §3; decisions.md "Patient search")', () => {
  it('takes names with hyphens and apostrophes, dates and phone numbers; not empty or other symbols', () => {
    for (const text of [
      "O'Brien",
      'O’Brien',
      'Smith-Jones',
      'hïll rosa',
      '03/14/1950',
      '+1 (919) 555-0142',
      'M100023',
    ])
      expect(isPatientSearch(text), text).toBe(true);
    for (const text of ['', '   ', '!!', "'-", 'dash<', 'a;b', 'x'.repeat(101)])
      expect(isPatientSearch(text), text).toBe(false);
  });

  it('reads MM/DD/YYYY as a calendar day, and an impossible one as null', () => {
    expect(dobOf('3/4/1950')).toBe('1950-03-04');
    expect(dobOf('02/29/2024')).toBe('2024-02-29');
    expect(dobOf('02/29/2023')).toBeNull();
    expect(dobOf('13/01/1950')).toBeNull();
    expect(dobOf('1950-03-04')).toBeUndefined();
  });

  it('finds by each way the text can be', () => {
    expect(patientSearchTerms(' Hill Rosa ')).toEqual({
      text: 'Hill Rosa',
      name: true,
      dob: null,
      phone: null,
      patientId: null,
      mrn: null,
    });
    expect(patientSearchTerms('+1 (919) 555-0142')).toMatchObject({
      name: false,
      phone: '9195550142',
      mrn: null,
    });
    expect(patientSearchTerms('19195550142')).toMatchObject({ phone: '9195550142', patientId: null });
    expect(patientSearchTerms('812')).toMatchObject({ patientId: 812, mrn: '812', phone: null });
    expect(patientSearchTerms('QZ-90210')).toMatchObject({ name: true, mrn: 'qz-90210', patientId: null });
    expect(patientSearchTerms('03/14/1950')).toMatchObject({ dob: '1950-03-14', name: false, mrn: null });
  });
});
