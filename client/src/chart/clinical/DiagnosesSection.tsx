import { Button, Checkbox, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import {
  addDiagnosis,
  COMMON_DIAGNOSES,
  DIAGNOSIS_DESCRIPTION_MAX,
  type diagnosis,
  displayDate,
  MSG,
  updateDiagnosis,
} from '@rpm/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { ClinicalField } from './ClinicalField';
import { useClinicalWrite } from './use-clinical-write';

type Diagnosis = z.infer<typeof diagnosis>;

interface Props {
  readonly patientId: number;
  readonly rows: readonly Diagnosis[];
  readonly onChange: () => void;
}

const EMPTY = { icd10_code: '', description: '', is_primary: false };

/**
 * Diagnoses: ICD-10 code, description, the primary flag (the code the billing report shows,
 * decisions.md "Primary diagnosis feeds billing") and resolved ones kept below the open ones.
 */
export function DiagnosesSection({ patientId, rows, onChange }: Props) {
  const [form, setForm] = useState(EMPTY);
  const write = useClinicalWrite(addDiagnosis, { patient_id: patientId, ...form }, () => {
    setForm(EMPTY);
    onChange();
  });
  const { errors } = write;
  const edit = (d: Diagnosis, change: { is_primary?: boolean; resolved?: boolean }) =>
    write.edit(updateDiagnosis, {
      diagnosis_id: d.diagnosis_id,
      description: d.description,
      is_primary: change.is_primary ?? d.is_primary,
      resolved: change.resolved ?? d.resolved_at !== null,
    });

  const setCode = (code: string) => {
    const known = COMMON_DIAGNOSES.find((d) => d.code === code.trim().toUpperCase());
    setForm({ ...form, icd10_code: code, description: form.description || (known?.description ?? '') });
  };

  return (
    <section className="chart-clinical-section" aria-label="Diagnoses">
      <h3>Diagnoses</h3>
      {rows.length === 0 ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        <HTMLTable compact striped className="chart-table">
          <thead>
            <tr>
              <th>ICD-10</th>
              <th>Description</th>
              <th>Status</th>
              <th>Added By</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.diagnosis_id}>
                <td>{d.icd10_code}</td>
                <td>
                  {d.description} {d.is_primary && <Tag intent={Intent.PRIMARY}>Primary</Tag>}
                </td>
                <td>{d.resolved_at ? `Resolved ${displayDate(d.resolved_at)}` : 'Active'}</td>
                <td>{d.added_by_name}</td>
                <td>
                  {d.resolved_at === null && !d.is_primary && (
                    <Button
                      small
                      minimal
                      text="Make Primary"
                      onClick={() => void edit(d, { is_primary: true })}
                    />
                  )}
                  {d.resolved_at === null ? (
                    <Button
                      small
                      minimal
                      text="Resolve"
                      onClick={() => void edit(d, { resolved: true, is_primary: false })}
                    />
                  ) : (
                    <Button small minimal text="Reopen" onClick={() => void edit(d, { resolved: false })} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div className="chart-clinical-form">
        <ClinicalField
          id="clinical-icd10"
          label="ICD-10 Code"
          list="clinical-common-diagnoses"
          value={form.icd10_code}
          error={errors.icd10_code}
          onChange={setCode}
        >
          <datalist id="clinical-common-diagnoses">
            {COMMON_DIAGNOSES.map((d) => (
              <option key={d.code} value={d.code}>
                {d.description}
              </option>
            ))}
          </datalist>
        </ClinicalField>
        <ClinicalField
          id="clinical-dx-description"
          label="Description"
          maxLength={DIAGNOSIS_DESCRIPTION_MAX}
          value={form.description}
          error={errors.description}
          onChange={(description) => setForm({ ...form, description })}
        />
        <Checkbox
          label="Primary diagnosis (billing)"
          checked={form.is_primary}
          onChange={(e) => setForm({ ...form, is_primary: e.currentTarget.checked })}
        />
        <Button intent={Intent.PRIMARY} text="Add Diagnosis" onClick={() => void write.add()} />
      </div>
    </section>
  );
}
