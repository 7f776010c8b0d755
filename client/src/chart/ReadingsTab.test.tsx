import { getPatientReadings, getPatientVitals, isoDay, MSG, shiftDay } from '@rpm/shared';
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
  (vitals: VitalsData['vitals'], weights: VitalsData['weights'] = []) =>
  () => ({ status: 1, data: { vitals, weights, updated_at: null } });
const threshold = (
  vital_id: number,
  vital_type: string,
  source: VitalsData['vitals'][number]['source'],
  high: boolean,
) => ({
  vital_id,
  fk_vital_id: vital_id,
  vital_type,
  unit: vital_type === 'spo2' ? '%' : 'mmHg',
  device_type_id: vital_type === 'spo2' ? 4 : 1,
  device_assign_id: vital_type === 'spo2' ? 12 : 11,
  device_name: vital_type === 'spo2' ? 'Oximeter' : 'BP Cuff',
  source,
  notification_rule_id: source === 'rule' ? 7 : null,
  critical_low: 80,
  abnormal_low: 90,
  abnormal_high: high ? 140 : null,
  critical_high: high ? 160 : null,
});
const today = isoDay(new Date());
const daysAgo = (n: number) => `${shiftDay(today, -n)}T08:00:00.000Z`;
const reading = (reading_id: number, taken_at: string, value: number, over: object = {}) => ({
  reading_id,
  taken_at,
  value,
  device_assign_id: 11,
  alert_level: null,
  held: null,
  ...over,
});
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));

/** Renders the tab for role 2; `server` (made first, so it answers the first calls) serves the chart. */
function open(server: FakeServer) {
  storeUser(makeUser({ roleid: [2], pages: ['Patient Chart'] }));
  renderWithProviders(<ReadingsTab patientId={5} />, '/app/patient-chart/readings/5');
  return server;
}

describe('ReadingsTab (001 §2.6; issue 41 §3)', () => {
  it("shows 'No Data Found' without devices or readings, and draws no chart", async () => {
    open(
      serveChart()
        .on(getPatientVitals, vitalsAnswer([]))
        .on(getPatientReadings, () => ({ status: 1, data: { vitals: [], devices: [] } })),
    );
    expect(await screen.findAllByText(MSG.noDataFound)).toHaveLength(2);
    expect(recordedPlots).toHaveLength(0);
  });

  it('shows the bounds in force with their device and source, and each scale’s rule against the dry weight', async () => {
    open(
      serveChart()
        .on(
          getPatientVitals,
          vitalsAnswer(
            [threshold(1, 'systolic', 'rule', true), threshold(7, 'spo2', 'spec', false)],
            [
              {
                device_assign_id: 13,
                device_name: 'Scale',
                dry_weight: 180,
                gain: 3,
                loss: 4,
                notification_rule_id: 8,
              },
            ],
          ),
        )
        .on(getPatientReadings, () => ({ status: 1, data: { vitals: [], devices: [] } })),
    );
    const table = (await screen.findByText('spo2 (%)')).closest('table') as HTMLElement;
    expect(rows(table)).toEqual([
      ['Device', 'Vital', 'Critical Low', 'Abnormal Low', 'Abnormal High', 'Critical High', 'Source'],
      ['BP Cuff', 'systolic (mmHg)', '80', '90', '140', '160', 'Patient rule'],
      ['Oximeter', 'spo2 (%)', '80', '90', '', '', 'Default (001 §9), not alerting: no rule in force'],
    ]);
    const gain = screen.getByLabelText('Gain (lbs) over dry weight 180 lbs');
    expect(gain).toHaveProperty('disabled', true);
    expect(gain).toHaveProperty('value', '3');
    expect(screen.getByLabelText('Loss (lbs) under dry weight 180 lbs')).toHaveProperty('value', '4');
    expect(screen.getByText('Scale: Patient rule')).toBeTruthy();
  });

  it('says a protocol bound or a scale without a rule raises no alert; without a dry weight, against the previous weight', async () => {
    open(
      serveChart()
        .on(
          getPatientVitals,
          vitalsAnswer(
            [threshold(1, 'systolic', 'protocol', true)],
            [
              {
                device_assign_id: 13,
                device_name: 'Scale',
                dry_weight: null,
                gain: null,
                loss: null,
                notification_rule_id: null,
              },
            ],
          ),
        )
        .on(getPatientReadings, () => ({ status: 1, data: { vitals: [], devices: [] } })),
    );
    expect(await screen.findByText('Practice protocol, not alerting: no rule in force')).toBeTruthy();
    expect(screen.getByLabelText('Gain (lbs) over the previous weight')).toHaveProperty('value', '');
    expect(screen.getByText('Scale: Weight, not alerting: no rule in force')).toBeTruthy();
  });

  it('charts each vital over the chosen days with the rule’s zones, and lists each reading’s device and hold', async () => {
    const server = open(
      serveChart()
        .on(getPatientVitals, vitalsAnswer([threshold(1, 'systolic', 'rule', true)]))
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
                weight_rule: null,
                truncated: false,
                readings: [
                  reading(1, daysAgo(4), 120),
                  reading(2, daysAgo(3), 170, { alert_level: 'critical' }),
                  reading(3, daysAgo(2), 172, { held: 'acknowledged' }),
                  reading(4, daysAgo(1), 150, { held: 'snoozed', device_assign_id: 14 }),
                ],
              },
            ],
            devices: [
              { device_assign_id: 11, device_name: 'BP Cuff', IMEI: '111', device_type: 'Blood Pressure' },
              { device_assign_id: 14, device_name: 'Spare Cuff', IMEI: '222', device_type: 'Blood Pressure' },
            ],
          },
        })),
    );
    expect(await screen.findByRole('img', { name: 'systolic readings' })).toBeTruthy();
    const table = screen.getByText('Taken At').closest('table') as HTMLElement;
    expect(rows(table).map((r) => r.slice(1))).toEqual([
      ['Value', 'Device', 'Alert'],
      ['150 mmHg', 'Spare Cuff (222)', 'Held: snoozed'],
      ['172 mmHg', 'BP Cuff (111)', 'Held: alert acknowledged'],
      ['170 mmHg', 'BP Cuff (111)', 'Critical'],
      ['120 mmHg', 'BP Cuff (111)', '-'],
    ]);
    expect(server.last(getPatientReadings)?.query).toMatchObject({
      patient_id: '5',
      from: shiftDay(today, -29),
      to: today,
    });
    const plot = recordedPlots.at(-1) as unknown as { opts: { scales: Record<string, { range: number[] }> } };
    expect(plot.opts.scales.x?.range).toEqual([
      Date.parse(`${shiftDay(today, -29)}T00:00:00Z`) / 1000,
      Date.parse(`${shiftDay(today, 1)}T00:00:00Z`) / 1000,
    ]);
    // The readings (120–172) and the rule's bounds (80–160) with 10% headroom.
    const [lo, hi] = plot.opts.scales.y?.range ?? [];
    expect(lo).toBeCloseTo(70.8);
    expect(hi).toBeCloseTo(181.2);
  });
});

describe('ReadingsChart', () => {
  const points = [
    { t: Date.parse('2027-02-01T00:00:01Z'), value: 120, level: null },
    { t: Date.parse('2027-02-02T00:00:00Z'), value: 170, level: 'critical' as const },
    { t: Date.parse('2027-02-03T00:00:00Z'), value: 145, level: 'abnormal' as const },
  ];

  it('hands uPlot the line, one dot series per level and the time axis, and destroys it on unmount', () => {
    const { unmount } = render(
      <ReadingsChart
        title="systolic"
        bounds={{ kind: 'thresholds', thresholds: bounds }}
        points={points}
        from="2027-02-01"
        to="2027-02-28"
      />,
    );
    expect(screen.getByRole('img', { name: 'systolic readings' })).toBeTruthy();
    expect(recordedPlots).toHaveLength(1);
    const [plot] = recordedPlots;
    expect(plot?.data).toEqual([
      points.map((p) => p.t / 1000),
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

  it('draws nothing when no reading falls in the days', () => {
    render(
      <ReadingsChart title="systolic" bounds={null} points={points} from="2027-03-01" to="2027-03-31" />,
    );
    expect(recordedPlots).toHaveLength(0);
  });
});
