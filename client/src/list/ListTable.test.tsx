import { patientColumn, SAME_NAME_TEXT } from '@rpm/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPatientOf } from '../test/fixtures';
import { renderAt } from '../test/render';
import { ListTable } from './ListTable';

/** A list's 'patient' column on screen: the name links, DOB and MRN or RPM ID beside, the marker. */
describe("ListTable's patient column", () => {
  const rows = [
    {
      id: 1,
      patient_id: 812,
      patient: listPatientOf(812, 'Hill, Rosa', { dob: '1950-03-14', same_name: true }),
    },
    {
      id: 2,
      patient_id: 813,
      patient: listPatientOf(813, 'Hill, Rosa', { dob: '1962-11-02', mrn: null, same_name: true }),
    },
    { id: 3, patient_id: 900, patient: listPatientOf(900, 'Lee, Ann', { dob: '1948-07-09' }) },
  ];

  it('names each patient with DOB and MRN or RPM ID, and marks namesakes', () => {
    renderAt(
      '/app/things',
      <ListTable
        columns={[patientColumn()]}
        rows={rows}
        idKey="id"
        count={3}
        offset={0}
        orderby="patient_name"
        order="asc"
        onSort={() => undefined}
        onOpen={() => undefined}
        onMoreInformation={() => undefined}
        rowName={(row) => String(row.patient_id)}
      />,
    );
    const [, first, second, third] = screen.getAllByRole('row');
    const cell = (row: HTMLElement | undefined) => row?.querySelector('td') as HTMLElement;
    expect(within(cell(first)).getByRole('link', { name: 'HILL, ROSA' }).getAttribute('href')).toBe(
      '/app/patient-chart/overview/812',
    );
    expect(cell(first).textContent).toContain('DOB 03/14/1950 · MRN M812');
    expect(within(cell(first)).getByText(SAME_NAME_TEXT)).toBeTruthy();
    expect(cell(second).textContent).toContain('DOB 11/02/1962 · RPM ID 813');
    expect(within(cell(second)).getByText(SAME_NAME_TEXT)).toBeTruthy();
    expect(within(cell(third)).getByRole('link', { name: 'LEE, ANN' })).toBeTruthy();
    expect(cell(third).textContent).toContain('DOB 07/09/1948 · MRN M900');
    expect(within(cell(third)).queryByText(SAME_NAME_TEXT)).toBeNull();
  });
});
