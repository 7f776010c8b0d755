import { HTMLTable, Radio, RadioGroup } from '@blueprintjs/core';
import { displayDate, getVitalsSummary, MSG, VITALS_SUMMARY_DAYS } from '@rpm/shared';
import { useState } from 'react';
import { useCall } from '../../api/use-call';

type Days = (typeof VITALS_SUMMARY_DAYS)[number];

/** Up to one decimal, as readings are shown. */
const value = (n: number) => String(Math.round(n * 10) / 10);

/** The vitals history summary: per vital over the last 30 or 90 days, from the readings. */
export function VitalsSummary({ patientId }: { readonly patientId: number }) {
  const [days, setDays] = useState<Days>(30);
  const { data } = useCall(getVitalsSummary, { query: { patient_id: patientId, days } });
  return (
    <section className="chart-clinical-section" aria-label="Vitals Summary">
      <h3>Vitals Summary</h3>
      <RadioGroup
        inline
        label="Period"
        selectedValue={String(days)}
        onChange={(e) => setDays(Number(e.currentTarget.value) as Days)}
      >
        {VITALS_SUMMARY_DAYS.map((d) => (
          <Radio key={d} value={String(d)} label={`Last ${d} days`} />
        ))}
      </RadioGroup>
      {!data ? (
        <p>{MSG.loading}</p>
      ) : data.data.length === 0 ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        <HTMLTable compact striped className="chart-table">
          <thead>
            <tr>
              <th>Vital</th>
              <th>Readings</th>
              <th>Last</th>
              <th>Last Taken</th>
              <th>Lowest</th>
              <th>Highest</th>
              <th>Average</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((v) => (
              <tr key={v.vital_id}>
                <td>
                  {v.vital_type} ({v.unit})
                </td>
                <td>{v.readings}</td>
                <td>{value(v.last_value)}</td>
                <td>{displayDate(v.last_taken_at)}</td>
                <td>{value(v.min)}</td>
                <td>{value(v.max)}</td>
                <td>{value(v.average)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
