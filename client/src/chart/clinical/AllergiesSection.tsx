import { Button, FormGroup, HTMLSelect, HTMLTable, Intent } from '@blueprintjs/core';
import {
  ALLERGY_REACTION_MAX,
  ALLERGY_SEVERITIES,
  ALLERGY_SUBSTANCE_MAX,
  addAllergy,
  type allergy,
  updateAllergy,
} from '@rpm/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { ClinicalField } from './ClinicalField';
import { useClinicalWrite } from './use-clinical-write';

type Allergy = z.infer<typeof allergy>;
type Severity = Allergy['severity'];

const SEVERITY_LABELS: Readonly<Record<Severity, string>> = {
  mild: 'Mild',
  moderate: 'Moderate',
  severe: 'Severe',
};

interface Props {
  readonly patientId: number;
  readonly rows: readonly Allergy[];
  readonly onChange: () => void;
}

const EMPTY = { substance: '', reaction: '', severity: 'moderate' as Severity };

/** Allergies: active ones first, the severe first; inactive ones stay listed. */
export function AllergiesSection({ patientId, rows, onChange }: Props) {
  const [form, setForm] = useState(EMPTY);
  const write = useClinicalWrite(addAllergy, { patient_id: patientId, ...form }, () => {
    setForm(EMPTY);
    onChange();
  });
  const { errors } = write;
  const toggle = ({ allergy_id, reaction, severity, active }: Allergy) =>
    write.edit(updateAllergy, { allergy_id, reaction, severity, active: !active });

  return (
    <section className="chart-clinical-section" aria-label="Allergies">
      <h3>Allergies</h3>
      {rows.length === 0 ? (
        <p>No Known Allergies</p>
      ) : (
        <HTMLTable compact striped className="chart-table">
          <thead>
            <tr>
              <th>Substance</th>
              <th>Reaction</th>
              <th>Severity</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.allergy_id}>
                <td>{a.substance}</td>
                <td>{a.reaction}</td>
                <td>{SEVERITY_LABELS[a.severity]}</td>
                <td>{a.active ? 'Active' : 'Inactive'}</td>
                <td>
                  <Button
                    small
                    minimal
                    text={a.active ? 'Mark Inactive' : 'Mark Active'}
                    onClick={() => void toggle(a)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div className="chart-clinical-form">
        <ClinicalField
          id="clinical-allergy-substance"
          label="Substance"
          maxLength={ALLERGY_SUBSTANCE_MAX}
          value={form.substance}
          error={errors.substance}
          onChange={(substance) => setForm({ ...form, substance })}
        />
        <ClinicalField
          id="clinical-allergy-reaction"
          label="Reaction"
          maxLength={ALLERGY_REACTION_MAX}
          value={form.reaction}
          error={errors.reaction}
          onChange={(reaction) => setForm({ ...form, reaction })}
        />
        <FormGroup label="Severity" labelFor="clinical-allergy-severity">
          <HTMLSelect
            id="clinical-allergy-severity"
            value={form.severity}
            options={ALLERGY_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] }))}
            onChange={(e) => setForm({ ...form, severity: e.currentTarget.value as Severity })}
          />
        </FormGroup>
        <Button intent={Intent.PRIMARY} text="Add Allergy" onClick={() => void write.add()} />
      </div>
    </section>
  );
}
