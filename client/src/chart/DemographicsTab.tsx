import { displayUtcDay, MSG, type PatientDemographics } from '@rpm/shared';
import { FactsTable } from '../form/FactsTable';

/** Props of {@link DemographicsTab}. */
export interface DemographicsTabProps {
  readonly patient: PatientDemographics | null;
}

const GENDER = { M: 'Male', F: 'Female', O: 'Other', U: 'Unknown' } as const;

/** The Demographics tab (000 §2.3; 001 §3 "Patient demographics"): the record of getdetailbyid, read-only. */
export function DemographicsTab({ patient }: DemographicsTabProps) {
  if (!patient) return <p>{MSG.loading}</p>;
  const rows: [string, string][] = [
    ['First Name', patient.firstname],
    ['Last Name', patient.lastname],
    ['Date of Birth', displayUtcDay(patient.dob)],
    ['Gender', GENDER[patient.gender]],
    ['Mobile', patient.mobile ?? '-'],
    ['Phone', patient.phone ?? '-'],
    ['Language', patient.language],
    ['Diagnosis Code', patient.diagnosis_code ?? '-'],
    ['Health Med Id', patient.health_med_id ?? '-'],
    ['Authorization Number', patient.auth_number ?? '-'],
    ['Setup Date', patient.setup_date ? displayUtcDay(patient.setup_date) : '-'],
    ['Physician', patient.physician_name ?? '-'],
    ['Care Coordinator', patient.care_coordinator_name ?? '-'],
    ['Organization', patient.organization_name],
    ['Practice', patient.practice_name],
    ['Location', patient.location_name],
  ];
  return <FactsTable rows={rows} className="chart-demographics" />;
}
