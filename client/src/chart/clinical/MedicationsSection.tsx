import { Button, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import {
  addMedication,
  displayDate,
  isoDay,
  MEDICATION_DOSE_MAX,
  MEDICATION_FREQUENCY_MAX,
  MEDICATION_NAME_MAX,
  MSG,
  type medication,
  updateMedication,
} from '@rpm/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { ClinicalField } from './ClinicalField';
import { useClinicalWrite } from './use-clinical-write';

type Medication = z.infer<typeof medication>;

interface Props {
  readonly patientId: number;
  readonly rows: readonly Medication[];
  readonly onChange: () => void;
}

const FIELDS = [
  ['name', 'Medication', MEDICATION_NAME_MAX],
  ['dose', 'Dose', MEDICATION_DOSE_MAX],
  ['frequency', 'Frequency', MEDICATION_FREQUENCY_MAX],
] as const;

/** Medications: current ones, then stopped ones still listed (decisions.md "Clinical history"). */
export function MedicationsSection({ patientId, rows, onChange }: Props) {
  const empty = { name: '', dose: '', frequency: '', start_date: isoDay(new Date()) };
  const [form, setForm] = useState(empty);
  const write = useClinicalWrite(addMedication, { patient_id: patientId, ...form, stop_date: null }, () => {
    setForm(empty);
    onChange();
  });
  const { errors } = write;
  const [editing, setEditing] = useState<{ id: number; dose: string; frequency: string } | null>(null);

  const save = async (m: Medication) => {
    if (!editing || editing.dose.trim() === '' || editing.frequency.trim() === '') return;
    const { medication_id, start_date, stop_date } = m;
    const { dose, frequency } = editing;
    await write.edit(updateMedication, { medication_id, dose, frequency, start_date, stop_date });
    setEditing(null);
  };

  const stop = ({ medication_id, dose, frequency, start_date }: Medication) => {
    // Stopped today, or on its start day if it starts later (decisions.md "Clinical tab edits").
    const today = isoDay(new Date());
    const stop_date = [today, start_date].sort().at(-1) ?? today; // ISO days sort as dates
    return write.edit(updateMedication, { medication_id, dose, frequency, start_date, stop_date });
  };

  return (
    <section className="chart-clinical-section" aria-label="Medications">
      <h3>Medications</h3>
      {rows.length === 0 ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        <HTMLTable compact striped className="chart-table">
          <thead>
            <tr>
              <th>Medication</th>
              <th>Dose</th>
              <th>Frequency</th>
              <th>Start Date</th>
              <th>Stop Date</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.medication_id}>
                <td>{m.name}</td>
                {editing?.id === m.medication_id ? (
                  <>
                    <td>
                      <InputGroup
                        small
                        aria-label="Edit Dose"
                        maxLength={MEDICATION_DOSE_MAX}
                        value={editing.dose}
                        onChange={(e) => setEditing({ ...editing, dose: e.currentTarget.value })}
                      />
                    </td>
                    <td>
                      <InputGroup
                        small
                        aria-label="Edit Frequency"
                        maxLength={MEDICATION_FREQUENCY_MAX}
                        value={editing.frequency}
                        onChange={(e) => setEditing({ ...editing, frequency: e.currentTarget.value })}
                      />
                    </td>
                  </>
                ) : (
                  <>
                    <td>{m.dose}</td>
                    <td>{m.frequency}</td>
                  </>
                )}
                <td>{displayDate(m.start_date)}</td>
                <td>{displayDate(m.stop_date)}</td>
                <td>{m.stopped ? 'Stopped' : 'Active'}</td>
                <td>
                  {editing?.id === m.medication_id ? (
                    <>
                      <Button small intent={Intent.PRIMARY} text={MSG.save} onClick={() => void save(m)} />
                      <Button small minimal text={MSG.close} onClick={() => setEditing(null)} />
                    </>
                  ) : (
                    !m.stopped && (
                      <>
                        <Button
                          small
                          minimal
                          text={MSG.edit}
                          onClick={() =>
                            setEditing({ id: m.medication_id, dose: m.dose, frequency: m.frequency })
                          }
                        />
                        <Button small minimal text="Stop" onClick={() => void stop(m)} />
                      </>
                    )
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div className="chart-clinical-form">
        {FIELDS.map(([key, label, max]) => (
          <ClinicalField
            key={key}
            id={`clinical-med-${key}`}
            label={label}
            maxLength={max}
            value={form[key]}
            error={errors[key]}
            onChange={(value) => setForm({ ...form, [key]: value })}
          />
        ))}
        <ClinicalField
          id="clinical-med-start"
          label="Start Date"
          type="date"
          value={form.start_date}
          error={errors.start_date}
          onChange={(start_date) => setForm({ ...form, start_date })}
        />
        <Button intent={Intent.PRIMARY} text="Add Medication" onClick={() => void write.add()} />
      </div>
    </section>
  );
}
