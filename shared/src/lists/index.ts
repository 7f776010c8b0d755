import type { ListDef } from './define-list.js';
import {
  ccmList,
  monthlyReportList,
  nonCompliancePatientsList,
  patientsList,
  screenedList,
} from './patients.js';
import { monitorList, myTasksList } from './worklists.js';

export * from './define-list.js';
export * from './format.js';
export * from './patient-row.js';
export * from './patients.js';
export * from './worklists.js';

/** Every list of the list pattern: the BFF registers each, the generic suite tests each. */
export const ALL_LISTS: readonly ListDef[] = [
  patientsList,
  nonCompliancePatientsList,
  monthlyReportList,
  ccmList,
  screenedList,
  monitorList,
  myTasksList,
] as unknown as readonly ListDef[];
