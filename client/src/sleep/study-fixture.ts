import type { SleepStudyRow } from '@rpm/shared';
import { listPatientOf } from '../test/fixtures';

/** A study row for the sleep screens' tests (an HST awaiting interpretation); override what a test needs. */
export function studyRow(over: Partial<SleepStudyRow> = {}): SleepStudyRow {
  return {
    study_id: 41,
    patient_id: 7,
    patient_name: 'Doe, John',
    patient: listPatientOf(7, 'Doe, John'),
    dob: '1950-02-01',
    practice_name: 'Lakeside',
    kind: 'HST',
    status: 'Awaiting Interpretation',
    physician: 'Ann Lee',
    reader: null,
    co_reader: null,
    device: 'WatchPAT 300',
    ordered_at: '2026-03-01T09:00:00Z',
    recorded_on: '2026-03-04',
    ahi: 18.2,
    rdi: 21.4,
    odi: 15.5,
    spo2_nadir: 81,
    spo2_mean: null,
    t88_minutes: null,
    total_sleep_minutes: 402,
    sleep_efficiency: 86,
    fev1_l: null,
    fvc_l: null,
    fev1_fvc_pct: null,
    signed_at: null,
    locked_by: null,
    locked_since: null,
    ...over,
  };
}
