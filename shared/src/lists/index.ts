import { alertRulesList } from './alert-rules.js';
import { auditList } from './audit.js';
import {
  awsCallbackHistoryList,
  awsCallbackList,
  awsMissedHistoryList,
  awsTasksList,
  awsUnattendedCallsList,
  awsVoicemailHistoryList,
  awsVoicemailList,
} from './calls.js';
import { CONFIG_TABLES } from './config-tables.js';
import { cptCodesList, deviceTypesList, insuranceDefaultsList, vitalsList } from './configuration.js';
import { patientConsentList } from './consents.js';
import type { ListDef } from './define-list.js';
import { denialsList } from './denials.js';
import { dentalCasesList } from './dental.js';
import {
  deactivatedDevicesList,
  deviceDataLogsList,
  deviceHistoryList,
  devicesList,
  edisonInventoryList,
  unassignedDevicesList,
  vendorsList,
} from './devices.js';
import { formsList } from './forms.js';
import { globalReportsList } from './global-reports.js';
import { interpretationTemplatesList } from './interpretation-templates.js';
import { invoicesList } from './invoices.js';
import { incomingMessagesList } from './messages.js';
import { onboardingSubmissionsList } from './onboarding.js';
import { careOrdersList } from './orders.js';
import { organizationGroupsList } from './organization-groups.js';
import { locationsList, practicesList, programsList } from './organization-structure.js';
import {
  ccmList,
  monthlyReportList,
  nonCompliancePatientsList,
  patientsList,
  patientTransferList,
  screenedList,
} from './patients.js';
import { practiceInterventionList } from './practice-intervention.js';
import { bhiBillingList, ccmBillingList, pcmBillingList, rpmBillingList } from './program-billing.js';
import { readingReportList, readingsReportList } from './reading-reports.js';
import { rolesList } from './roles.js';
import { pulseOximetryList, sleepCoReadList, sleepLabList, sleepTestsList, spirometryList } from './sleep.js';
import {
  coReadBillingList,
  hstBillingList,
  hstOrderBillingList,
  sleepBillingReportList,
} from './sleep-billing.js';
import { sleepAppointmentsList, sleepConsultsList } from './sleep-schedule.js';
import { ssResourcesList } from './ss-resources.js';
import { STAFF_LISTS } from './staff.js';
import { cpapPatientsList, therapyPatientsList } from './therapy.js';
import { transcriptQueuesList } from './transcript-queues.js';
import { csvUtilityList } from './uploads.js';
import { gmPatientsList, latestAssignedDevicesList, sleepReturnDevicesList } from './utilities.js';
import { monitorList, myTasksList } from './worklists.js';

export * from './alert-rules.js';
export * from './audit.js';
export * from './calls.js';
export * from './config-table.js';
export * from './config-tables.js';
export * from './configuration.js';
export * from './configuration-texts.js';
export * from './consents.js';
export * from './day.js';
export * from './define-list.js';
export * from './denials.js';
export * from './dental.js';
export * from './devices.js';
export * from './format.js';
export * from './forms.js';
export * from './global-reports.js';
export * from './interpretation-templates.js';
export * from './invoices.js';
export * from './leads.js';
export * from './list-routes.js';
export * from './messages.js';
export * from './onboarding.js';
export * from './orders.js';
export * from './organization-groups.js';
export * from './organization-structure.js';
export * from './patient-row.js';
export * from './patients.js';
export * from './practice-intervention.js';
export * from './program-billing.js';
export * from './reading-reports.js';
export * from './roles.js';
export * from './sleep.js';
export * from './sleep-billing.js';
export * from './sleep-schedule.js';
export * from './ss-resources.js';
export * from './staff.js';
export * from './therapy.js';
export * from './transcript-queues.js';
export * from './uploads.js';
export * from './utilities.js';
export * from './worklists.js';

/** Every list of the list pattern by its name: the BFF registers each, the generic suite tests each. */
export const LISTS = {
  patients: patientsList,
  'non-compliance-patients': nonCompliancePatientsList,
  'monthly-report': monthlyReportList,
  ccm: ccmList,
  screened: screenedList,
  monitor: monitorList,
  'my-tasks': myTasksList,
  'care-orders': careOrdersList,
  'alert-rules': alertRulesList,
  'patient-transfer': patientTransferList,
  'global-reports': globalReportsList,
  reports: readingsReportList,
  'reading-report': readingReportList,
  'patient-consent': patientConsentList,
  'gm-patients': gmPatientsList,
  'latest-assigned-devices': latestAssignedDevicesList,
  'sleep-return-devices': sleepReturnDevicesList,
  'practice-intervention': practiceInterventionList,
  'transcript-queues': transcriptQueuesList,
  'csv-utility': csvUtilityList,
  denials: denialsList,
  'rpm-billing': rpmBillingList,
  'ccm-billing': ccmBillingList,
  'pcm-billing': pcmBillingList,
  'bhi-billing': bhiBillingList,
  invoices: invoicesList,
  'ss-resources': ssResourcesList,
  forms: formsList,
  audit: auditList,
  ...STAFF_LISTS,
  'sleep-tests': sleepTestsList,
  'sleep-co-read': sleepCoReadList,
  'pulse-oximetry': pulseOximetryList,
  spirometry: spirometryList,
  'sleep-lab': sleepLabList,
  'sleep-consults': sleepConsultsList,
  'sleep-appointments': sleepAppointmentsList,
  'cpap-patients': cpapPatientsList,
  'therapy-patients': therapyPatientsList,
  'dental-cases': dentalCasesList,
  'interpretation-customs': interpretationTemplatesList,
  'sleep-billing-report': sleepBillingReportList,
  'co-read-billing': coReadBillingList,
  'hst-billing': hstBillingList,
  'hst-order-billing': hstOrderBillingList,
  'incoming-messages': incomingMessagesList,
  'aws-tasks': awsTasksList,
  'aws-missed-history': awsMissedHistoryList,
  'aws-callback': awsCallbackList,
  'aws-callback-history': awsCallbackHistoryList,
  'aws-voicemail': awsVoicemailList,
  'aws-voicemail-history': awsVoicemailHistoryList,
  'aws-unattended-calls': awsUnattendedCallsList,
  'organization-groups': organizationGroupsList,
  devices: devicesList,
  'edison-inventory': edisonInventoryList,
  'unassigned-devices': unassignedDevicesList,
  'deactivated-devices': deactivatedDevicesList,
  'device-history': deviceHistoryList,
  'device-data-logs': deviceDataLogsList,
  vendors: vendorsList,
  practices: practicesList,
  locations: locationsList,
  programs: programsList,
  roles: rolesList,
  'cpt-codes': cptCodesList,
  'insurances-default': insuranceDefaultsList,
  'device-types': deviceTypesList,
  vitals: vitalsList,
  'device-names': CONFIG_TABLES['device-names'].list,
  warehouses: CONFIG_TABLES.warehouses.list,
  'messages-category': CONFIG_TABLES['messages-category'].list,
  'messages-template': CONFIG_TABLES['messages-template'].list,
  'notes-category': CONFIG_TABLES['notes-category'].list,
  'notes-comments': CONFIG_TABLES['notes-comments'].list,
  'insurance-plans': CONFIG_TABLES['insurance-plans'].list,
  'insurance-table': CONFIG_TABLES['insurance-table'].list,
  leads: CONFIG_TABLES.leads.list,
  'onboarding-submissions': onboardingSubmissionsList,
} as const;

/** A list's name (its calls live under rpm/lists/{name}). */
export type ListName = keyof typeof LISTS;

export const ALL_LISTS: readonly ListDef[] = Object.values(LISTS) as unknown as readonly ListDef[];
