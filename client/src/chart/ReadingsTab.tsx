import { Callout, Card, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { displayDateTime, getPatientReadings, getPatientVitals, isoDay, MSG, shiftDay } from '@rpm/shared';
import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { useApi } from '../errors/ErrorDialogProvider';
import { ReadingsChart } from './ReadingsChart';
import type { ChartBounds } from './readings-plot';
import { VitalThresholds } from './VitalThresholds';

type Readings = z.infer<(typeof getPatientReadings)['response']>['data'];
type Vitals = z.infer<(typeof getPatientVitals)['response']>['data'];

/** Why an out-of-range reading raised no alert (decisions.md "Re-alert suppression", "Alert snooze"). */
const HELD_TEXT = { acknowledged: 'Held: alert acknowledged', snoozed: 'Held: snoozed' } as const;

/** The readings tab's default range in days (decisions.md "Readings tab range"). */
const READINGS_DEFAULT_DAYS = 30;

export interface ReadingsTabProps {
  readonly patientId: number;
}

/**
 * The Readings tab (000 §2.3; 001 §2.6; issue 41 §3): the vital-threshold display, then per vital a chart over the
 * chosen days with the zones of the rule in force and a table of the readings, newest first.
 */
export function ReadingsTab({ patientId }: ReadingsTabProps) {
  const { call } = useApi();
  const today = isoDay(new Date());
  const [from, setFrom] = useState(shiftDay(today, 1 - READINGS_DEFAULT_DAYS));
  const [to, setTo] = useState(today);
  // The readings with the days they were loaded for: the chart spans those days while new ones are typed.
  const [loaded, setLoaded] = useState<{ readings: Readings; from: string; to: string } | null>(null);
  const [vitals, setVitals] = useState<Vitals | null>(null);

  useEffect(() => {
    let live = true;
    call(getPatientVitals, { query: { patient_id: patientId } })
      .then((a) => live && setVitals(a.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [call, patientId]);

  useEffect(() => {
    if (!from || !to || to < from) return;
    let live = true;
    call(getPatientReadings, { query: { patient_id: patientId, from, to } })
      .then((a) => live && setLoaded({ readings: a.data, from, to }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [call, patientId, from, to]);

  return (
    <div className="chart-readings">
      {vitals && <VitalThresholds vitals={vitals} />}
      <div className="chart-rule-dates">
        <FormGroup label="From" labelFor="readings-from">
          <InputGroup
            id="readings-from"
            type="date"
            max={to}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="To" labelFor="readings-to">
          <InputGroup
            id="readings-to"
            type="date"
            min={from}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </FormGroup>
      </div>
      {loaded === null ? (
        <p>{MSG.loading}</p>
      ) : loaded.readings.vitals.every((v) => v.readings.length === 0) ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        loaded.readings.vitals
          .filter((v) => v.readings.length > 0)
          .map((v) => (
            <VitalReadings
              key={v.vital_id}
              vital={v}
              devices={loaded.readings.devices}
              from={loaded.from}
              to={loaded.to}
            />
          ))
      )}
    </div>
  );
}

/** One vital's card: its chart over the chosen days and its readings, newest first, with the device of each. */
function VitalReadings({
  vital,
  devices,
  from,
  to,
}: {
  readonly vital: Readings['vitals'][number];
  readonly devices: Readings['devices'];
  readonly from: string;
  readonly to: string;
}) {
  const points = useMemo(
    () => vital.readings.map((r) => ({ t: Date.parse(r.taken_at), value: r.value, level: r.alert_level })),
    [vital.readings],
  );
  const bounds = useMemo<ChartBounds>(
    () =>
      vital.weight_rule
        ? { kind: 'weight', ...vital.weight_rule }
        : vital.thresholds
          ? { kind: 'thresholds', thresholds: vital.thresholds }
          : null,
    [vital.weight_rule, vital.thresholds],
  );
  const deviceOf = (id: number) => devices.find((d) => d.device_assign_id === id);
  return (
    <Card compact className="chart-vital-readings">
      <h4>
        {vital.vital_type} ({vital.unit})
      </h4>
      {vital.truncated && <Callout compact>Only the newest readings of the range are shown.</Callout>}
      <ReadingsChart title={vital.vital_type} bounds={bounds} points={points} from={from} to={to} />
      <HTMLTable compact striped className="chart-readings-table">
        <thead>
          <tr>
            <th>Taken At</th>
            <th>Value</th>
            <th>Device</th>
            <th>Alert</th>
          </tr>
        </thead>
        <tbody>
          {[...vital.readings]
            .sort((a, b) => b.taken_at.localeCompare(a.taken_at))
            .slice(0, 100)
            .map((r) => {
              const device = deviceOf(r.device_assign_id);
              return (
                <tr key={r.reading_id}>
                  <td>{displayDateTime(r.taken_at)}</td>
                  <td>
                    {r.value} {vital.unit}
                  </td>
                  <td title={device?.device_type}>
                    {device ? `${device.device_name} (${device.IMEI})` : '-'}
                  </td>
                  <td>
                    {r.alert_level === 'critical'
                      ? 'Critical'
                      : r.alert_level === 'abnormal'
                        ? 'Abnormal'
                        : r.held
                          ? HELD_TEXT[r.held]
                          : '-'}
                  </td>
                </tr>
              );
            })}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
