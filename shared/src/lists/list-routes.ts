import { PRODUCT_SLUG } from '../constants.js';

/**
 * The screen route of each list with a screen (routes.ts holds them with their access), apart from the definitions
 * so the signed-in frame's route table does not load every list's schemas.
 */
export const LIST_ROUTES = {
  alertRules: '/app/alert-rules',
  audit: '/app/audit-report',
  awsCallback: '/app/aws-callback',
  awsCallbackHistory: '/app/aws-callback-history',
  awsMissedHistory: '/app/aws-missed-history',
  awsTasks: '/app/aws-tasks',
  awsUnattendedCalls: '/app/aws-unattended-calls',
  awsVoicemail: '/app/aws-voicemail',
  awsVoicemailHistory: '/app/aws-voicemail-history',
  bhiBilling: '/app/bhi-billing',
  billingUploads: '/app/billing-uploads',
  ccmBilling: '/app/ccm-billing',
  form: '/app/form',
  careOrders: '/app/:orderStatus?/:dashboardType?/orders',
  ccm: '/app/:filter?/ccm',
  coReadBilling: '/app/co-read-billing',
  csvUtility: '/app/csv-utility',
  cpapPatients: '/app/cpapPatients',
  cptCodes: '/app/CPT-codes',
  deactivatedDevices: '/app/deactivated-devices',
  dentalCases: '/app/dentalDashboard',
  deviceDataLogs: '/app/device-data-logs',
  deviceHistory: '/app/device-history',
  deviceTypes: '/app/deviceType',
  devices: '/app/devices',
  edisonInventory: '/app/edison-inventory',
  globalReports: '/app/global-reports',
  gmPatients: '/app/gm-utility',
  hstBilling: '/app/hst-billing',
  hstOrderBilling: '/app/hst-order-billing',
  incomingMessages: '/app/incoming-messages',
  insuranceDefaults: '/app/insurances-default',
  interpretationTemplates: '/app/interpretation-customs',
  invoices: '/app/invoices',
  latestAssignedDevices: '/app/latest-assigned-devices',
  leads: '/app/leads',
  locations: '/app/locations',
  monitor: '/app/:dashboardType?/:filter?/monitor/:patId?',
  monthlyReport: '/app/monthly-report',
  organizationGroups: '/app/organization-groups',
  myTasks: '/app/myTasks/:taskId?',
  nonCompliancePatients: '/app/non-compliance-patients',
  // Not under 'onboarding': any such path opens without sign-in (000 §2.1; decisions.md "Onboarding").
  onboardingSubmissions: '/app/practice-sign-ups',
  patients: '/app/:patientStatus?/:dashboardType?/patients',
  patientConsent: '/app/patient-consent',
  patientTransfer: '/app/patient-transfer',
  practices: '/app/practices',
  practiceIntervention: '/app/practice-intervention',
  programs: '/app/programs',
  pulseOximetry: '/app/:filter?/pulseOximetry',
  readingReport: '/app/reading-report',
  reports: '/app/reports',
  roles: '/app/roles',
  screened: '/app/screened',
  sleepAppointments: '/app/sleep-appointments',
  pcmBilling: '/app/pcm-billing',
  rpmBilling: `/app/${PRODUCT_SLUG}-billing`,
  sleepBillingReport: '/app/sleep-billing-report',
  sleepCoRead: '/app/:filter?/sleepTestsInterpretation',
  sleepConsults: '/app/sleep-consults',
  sleepLab: '/app/sleep-lab',
  sleepReturnDevices: '/app/sleep-return-devices',
  sleepTests: '/app/:filter?/sleepTests',
  spirometry: '/app/spirometry-test',
  ssResource: '/app/ss-resource',
  therapyPatients: '/app/therapy-patients',
  transcriptQueues: '/app/transcript-queues',
  unassignedDevices: '/app/unassigned-devices',
  vendors: '/app/vendors',
  vitals: '/app/vitalType',
} as const;

/**
 * The view a list's row opens when it is not the patient chart (decisions.md "Dental case and sleep study views"),
 * on its list's page (shared/src/routes.ts). Each parameter is named after the row field that fills it.
 */
export const ROW_VIEW_ROUTES = {
  dentalCase: '/app/dentalDashboard/case/:case_id',
  sleepLabStudy: '/app/sleep-lab/study/:study_id',
  onboardingSubmission: '/app/practice-sign-ups/:submission_id',
} as const;

/** A row view's route as a list's `open`/`link` template: each `:field` becomes `{field}` (fillRoute). */
export const rowViewLink = (route: string): string => route.replace(/:(\w+)/g, '{$1}');
