import { MSG } from '@rpm/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VitalBoundsTable } from './VitalBoundsTable';

const cells = () =>
  screen.getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent));

describe('VitalBoundsTable', () => {
  it('shows the four bounds, spo2 without high bounds (001 §2.6) and an unset bound as -', () => {
    render(
      <VitalBoundsTable
        vitals={[
          {
            vital_id: 1,
            vital_type: 'systolic',
            unit: 'mmHg',
            critical_low: 90,
            abnormal_low: 100,
            abnormal_high: 140,
            critical_high: null,
          },
          {
            vital_id: 7,
            vital_type: 'spo2',
            unit: '%',
            critical_low: 85,
            abnormal_low: 90,
            abnormal_high: null,
            critical_high: null,
          },
        ]}
      />,
    );
    expect(cells()).toEqual([
      ['Vital', 'Critical Low', 'Abnormal Low', 'Abnormal High', 'Critical High'],
      ['systolic (mmHg)', '90', '100', '140', '-'],
      ['spo2 (%)', '85', '90', '', ''],
    ]);
  });

  it('says No Data Found without vitals', () => {
    render(<VitalBoundsTable vitals={[]} />);
    expect(screen.getByText(MSG.noDataFound)).toBeTruthy();
  });
});
