import { Callout, Card, FormGroup, HTMLTable, InputGroup, NumericInput } from '@blueprintjs/core';
import { displayUtcDay, getPatientReadings, getPatientVitals, isoDay, MSG, shiftDay } from '@rpm/shared';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useApi } from '../errors/ErrorDialogProvider';
import { ReadingsChart } from './ReadingsChart';
import { VitalBoundsTable } from './VitalBoundsTable';

type Readings = z.infer<(typeof getPatientReadings)['response']>['data'];
type Vitals = z.infer<(typeof getPatientVitals)['response']>['data'];

/** A reading out of range that an acknowledged alert held (decisions.md "Re-alert suppression"). */
const HELD_TEXT = 'Held: alert acknowledged';

/** The readings tab's default range in days (decisions.md "Readings tab range"). */
const READINGS_DEFAULT_DAYS = 30;

export interface ReadingsTabProps {
  readonly patientId: number;
}

/**
 * The Readings tab (000 §2.3; 001 §2.6): the vital-threshold display, then per vital a chart with
 * the abnormal and critical bands of the rule in force and a table of the readings, newest first.
 */
export function ReadingsTab({ patientId }: ReadingsTabProps) {
  const { call } = useApi();
  const today = isoDay(new Date());
  const [from, setFrom] = useState(shiftDay(today, 1 - READINGS_DEFAULT_DAYS));
  const [to, setTo] = useState(today);
  const [readings, setReadings] = useState<Readings | null>(null);
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
      .then((a) => live && setReadings(a.data))
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
      {readings === null ? (
        <p>{MSG.loading}</p>
      ) : readings.vitals.every((v) => v.readings.length === 0) ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        readings.vitals
          .filter((v) => v.readings.length > 0)
          .map((v) => (
            <Card key={v.vital_id} compact className="chart-vital-readings">
              <h4>
                {v.vital_type} ({v.unit})
              </h4>
              {v.truncated && <Callout compact>Only the newest readings of the range are shown.</Callout>}
              <ReadingsChart
                title={v.vital_type}
                thresholds={v.thresholds}
                points={[...v.readings]
                  .map((r) => ({ t: Date.parse(r.taken_at), value: r.value, level: r.alert_level }))
                  .sort((a, b) => a.t - b.t)}
              />
              <HTMLTable compact striped className="chart-readings-table">
                <thead>
                  <tr>
                    <th>Taken At</th>
                    <th>Value</th>
                    <th>Alert</th>
                  </tr>
                </thead>
                <tbody>
                  {[...v.readings]
                    .sort((a, b) => b.taken_at.localeCompare(a.taken_at))
                    .slice(0, 100)
                    .map((r) => (
                      <tr key={r.reading_id}>
                        <td>
                          {displayUtcDay(r.taken_at)} {r.taken_at.slice(11, 16)}
                        </td>
                        <td>
                          {r.value} {v.unit}
                        </td>
                        <td>
                          {r.alert_level === 'critical'
                            ? 'Critical'
                            : r.alert_level === 'abnormal'
                              ? 'Abnormal'
                              : r.held
                                ? HELD_TEXT
                                : '-'}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </HTMLTable>
            </Card>
          ))
      )}
    </div>
  );
}

/**
 * The vital-threshold display (001 §2.6): per vital the critical and abnormal low and high bounds ('No Data Found'
 * when none); spo2 shows no high bounds; weight shows gain and loss in lbs against the dry weight as disabled
 * numeric fields with minimum 1.
 */
function VitalThresholds({ vitals }: { readonly vitals: Vitals }) {
  return (
    <Card compact className="chart-vital-thresholds">
      <h4>Vital Thresholds</h4>
      <VitalBoundsTable vitals={vitals.vitals} />
      {vitals.weight && (
        <div className="chart-rule-dates">
          <FormGroup
            label={`Gain (lbs) over dry weight ${vitals.weight.dry_weight} lbs`}
            labelFor="vital-gain"
          >
            <NumericInput
              id="vital-gain"
              disabled
              min={1}
              buttonPosition="none"
              value={vitals.weight.gain ?? ''}
            />
          </FormGroup>
          <FormGroup
            label={`Loss (lbs) under dry weight ${vitals.weight.dry_weight} lbs`}
            labelFor="vital-loss"
          >
            <NumericInput
              id="vital-loss"
              disabled
              min={1}
              buttonPosition="none"
              value={vitals.weight.loss ?? ''}
            />
          </FormGroup>
        </div>
      )}
    </Card>
  );
}
