import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ListPatient, listPatient } from '../patient-identity.js';
import { defineList } from './define-list.js';
import { cellValue, formatCell } from './format.js';
import { patientColumn } from './patient-row.js';

/** The 'patient' cell format: one text for CSV, PDF and More Information; the table draws the same. */

const ROSA: ListPatient = {
  patient_id: 812,
  firstname: 'Rosa',
  lastname: 'Hill',
  dob: '1950-03-14',
  mrn: 'M100023',
  same_name: false,
};

describe("formatCell 'patient'", () => {
  it('writes the name in capitals with DOB and MRN', () => {
    expect(formatCell(ROSA, 'patient')).toBe('HILL, ROSA · DOB 03/14/1950 · MRN M100023');
  });

  it('names the RPM ID where the practice gave no MRN', () => {
    expect(formatCell({ ...ROSA, mrn: null }, 'patient')).toBe('HILL, ROSA · DOB 03/14/1950 · RPM ID 812');
  });

  it("adds 'Same name' when another patient of the practice shares the name", () => {
    expect(formatCell({ ...ROSA, same_name: true }, 'patient')).toBe(
      'HILL, ROSA · DOB 03/14/1950 · MRN M100023 · Same name',
    );
  });

  it('writes nothing for a row without a patient', () => {
    expect(formatCell(null, 'patient')).toBe('');
  });
});

describe('cellValue', () => {
  const row = { patient_id: 812, patient_name: 'Hill, Rosa', patient: ROSA, practice_name: 'Main' };

  it("gives a 'patient' column the row's patient, every other column its own field", () => {
    expect(cellValue(patientColumn(), row)).toBe(ROSA);
    expect(cellValue({ key: 'practice_name' }, row)).toBe('Main');
    expect(cellValue({ key: 'patient_name', format: 'upper' }, row)).toBe('Hill, Rosa');
  });
});

describe('patientColumn in a definition', () => {
  const base = {
    name: 'x',
    title: 'X',
    spec: '-',
    route: '/app/x',
    page: 'X',
    idKey: 'patient_id',
    columns: [patientColumn()],
    defaultSort: { key: 'patient_name', order: 'asc' },
    filters: [],
    exports: [],
  } as const;

  it("keeps 'patient_name' as its sort key and needs the row's patient", () => {
    const row = z.object({ patient_id: z.number(), patient_name: z.string(), patient: listPatient });
    expect(defineList({ ...base, row }).columns[0]).toMatchObject({ key: 'patient_name', sortable: true });
    const without = z.object({ patient_id: z.number(), patient_name: z.string() });
    expect(() => defineList({ ...base, row: without })).toThrow(/lacks/);
  });
});
