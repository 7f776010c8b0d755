import { getPatientClinical, MSG } from '@rpm/shared';
import { useCall } from '../api/use-call';
import { AllergiesSection } from './clinical/AllergiesSection';
import { DiagnosesSection } from './clinical/DiagnosesSection';
import { MedicationsSection } from './clinical/MedicationsSection';
import { VitalsSummary } from './clinical/VitalsSummary';

/**
 * The Clinical tab (000 §2.3 clinical): diagnoses with the primary one billing shows, medications,
 * allergies and the vitals history summary. Every edit goes through an audited call.
 */
export function ClinicalTab({ patientId }: { readonly patientId: number }) {
  const { data, reload } = useCall(getPatientClinical, { query: { patient_id: patientId } });
  if (!data) return <p>{MSG.loading}</p>;
  const { diagnoses, medications, allergies } = data.data;
  return (
    <div className="chart-clinical">
      <DiagnosesSection patientId={patientId} rows={diagnoses} onChange={reload} />
      <MedicationsSection patientId={patientId} rows={medications} onChange={reload} />
      <AllergiesSection patientId={patientId} rows={allergies} onChange={reload} />
      <VitalsSummary patientId={patientId} />
    </div>
  );
}
