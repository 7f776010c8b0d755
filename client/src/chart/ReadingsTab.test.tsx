import { getPatientReadings, getPatientVitals, MSG } from '@rpm/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeAnswer, FakeServer } from '../test/fake-server';
import { recordedPlots } from '../test/fake-uplot';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { serveChart } from './chart-test-server';
import { ReadingsChart } from './ReadingsChart';
import { ReadingsTab } from './ReadingsTab';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

const bounds = { critical_low: 80, abnormal_low: 90, abnormal_high: 140, critical_high: 160 };
type VitalsData = FakeAnswer<typeof getPatientVitals>['data'];
const vitalsAnswer =
  (vitals: VitalsData['vitals'], weight: VitalsData['weight'] = null) =>
  () => ({ status: 1, data: { vitals, weight, updated_at: null } });
const threshold = (vital_id: number, vital_type: string, high: boolean) => ({
  vital_id,
  fk_vital_id: vital_id,
  vital_type,
  unit: vital_type === 'spo2' ? '%' : 'mmHg',
  device_type_id: 1,
  critical_low: 80,
  abnormal_low: 90,
  abnormal_high: high ? 140 : null,
  critical_high: high ? 160 : null,
});

/** Renders the tab for role 2; `server` (made first, so it answers the first calls) serves the chart. */
function open(server: FakeServer) {
  storeUser(makeUser({ roleid: [2], pages: ['Patient Chart'] }));
  renderWithProviders(<ReadingsTab patientId={5} />, '/app/patient-chart/readings/5');
  return server;
}

describe('ReadingsTab (001 §2.6)', () => {
  it("shows 'No Data Found' without thresholds or readings", async () => {
    open(
      serveChart()
        .on(getPatientVitals, vitalsAnswer([]))
        .on(getPatientReadings, () => ({ status: 1, data: { vitals: [] } })),
    );
    expect(await screen.findAllByText(MSG.noDataFound)).toHaveLength(2);
  });

  it('shows spo2 without high bounds, weight gain/loss disabled, and a chart and table per vital', async () => {
    const server = open(
      serveChart()
        .on(
          getPatientVitals,
          vitalsAnswer([threshold(1, 'systolic', true), threshold(4, 'spo2', false)], {
            dry_weight: 180,
            gain: 3,
            loss: 4,
          }),
        )
        .on(getPatientReadings, () => ({
          status: 1,
          data: {
            vitals: [
              {
                vital_id: 1,
                vital_type: 'systolic',
                unit: 'mmHg',
                device_type_id: 1,
                thresholds: bounds,
                truncated: false,
                readings: [
                  {
                    reading_id: 1,
                    taken_at: '2026-11-20T08:00:00.000Z',
                    value: 120,
                    alert_level: null,
                    held: false,
                  },
                  {
                    reading_id: 2,
                    taken_at: '2026-11-21T08:00:00.000Z',
                    value: 170,
                    alert_level: 'critical',
                    held: false,
                  },
                  {
                    reading_id: 3,
                    taken_at: '2026-11-22T08:00:00.000Z',
                    value: 172,
                    alert_level: null,
                    held: true,
                  },
                ],
              },
            ],
          },
        })),
    );
    const spo2 = (await screen.findByText('spo2 (%)')).closest('tr') as HTMLElement;
    expect(
      within(spo2)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['spo2 (%)', '80', '90', '', '']);
    expect(screen.getByLabelText(/Gain \(lbs\)/)).toHaveProperty('disabled', true);
    expect(await screen.findByRole('img', { name: 'systolic readings' })).toBeTruthy();
    expect(screen.getByText('Critical')).toBeTruthy();
    expect(screen.getByText('Held: alert acknowledged')).toBeTruthy();
    expect(server.last(getPatientReadings)?.query.patient_id).toBe('5');
  });
});

describe('ReadingsChart', () => {
  it('hands uPlot the line, one dot series per level and the time axis, and destroys it on unmount', () => {
    const { unmount } = render(
      <ReadingsChart
        title="systolic"
        thresholds={bounds}
        points={[
          { t: 1000, value: 120, level: null },
          { t: 2000, value: 170, level: 'critical' },
          { t: 3000, value: 145, level: 'abnormal' },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'systolic readings' })).toBeTruthy();
    expect(recordedPlots).toHaveLength(1);
    const [plot] = recordedPlots;
    expect(plot?.data).toEqual([
      [1, 2, 3],
      [120, 170, 145],
      [120, null, null],
      [null, null, 145],
      [null, 170, null],
    ]);
    expect(plot?.opts.series).toHaveLength(5);
    expect(plot?.opts.scales.x.time).toBe(true);
    unmount();
    expect(plot?.destroyed).toBe(true);
  });
});
