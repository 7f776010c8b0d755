import { getPatientClinical, MSG } from '@rpm/shared';
import { useCall } from '../api/use-call';
import { ClinicalSection } from './clinical/ClinicalSection';
import { ALLERGIES, DIAGNOSES, MEDICATIONS } from './clinical/clinical-kinds';
import { VitalsSummary } from './clinical/VitalsSummary';

/**
 * The Clinical tab (000 §2.3 clinical): diagnoses with the primary one billing shows, medications, allergies
 * (one read of all three: decisions.md "Clinical calls") and the vitals history summary. Every edit goes through an
 * audited call.
 */
export function ClinicalTab({ patientId }: { readonly patientId: number }) {
  const { data, reload } = useCall(getPatientClinical, { query: { patient_id: patientId } });
  if (!data) return <p>{MSG.loading}</p>;
  const { diagnoses, medications, allergies } = data.data;
  return (
    <div className="chart-clinical">
      <ClinicalSection kind={DIAGNOSES} patientId={patientId} rows={diagnoses} onChange={reload} />
      <ClinicalSection kind={MEDICATIONS} patientId={patientId} rows={medications} onChange={reload} />
      <ClinicalSection kind={ALLERGIES} patientId={patientId} rows={allergies} onChange={reload} />
      <VitalsSummary patientId={patientId} />
    </div>
  );
}
