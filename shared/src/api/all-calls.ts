import { CONFIG_WRITE_CALLS as configWrites } from '../lists/config-tables.js';
import { ALL_LISTS } from '../lists/index.js';
import * as auth from './auth.js';
import * as billing from './billing.js';
import * as calls from './calls.js';
import * as chart from './chart.js';
import * as chartActivity from './chart-activity.js';
import * as chartCarePlan from './chart-careplan.js';
import * as chartClinical from './chart-clinical.js';
import * as chartDocuments from './chart-documents.js';
import * as chartGoals from './chart-goals.js';
import * as chartMessages from './chart-messages.js';
import * as chartNotes from './chart-notes.js';
import * as chartOrders from './chart-orders.js';
import * as chartReadings from './chart-readings.js';
import * as chartReminders from './chart-reminders.js';
import * as chartReports from './chart-reports.js';
import * as chartTargets from './chart-targets.js';
import * as chartTasks from './chart-tasks.js';
import type { CallDef } from './contract.js';
import * as defaults from './defaults.js';
import * as dental from './dental.js';
import * as devices from './devices.js';
import * as fhirClients from './fhir-clients.js';
import * as forms from './forms.js';
import * as ingest from './ingest.js';
import * as interpretationTemplates from './interpretation-templates.js';
import * as invoices from './invoices.js';
import * as mfa from './mfa.js';
import * as notifications from './notifications.js';
import * as onboarding from './onboarding.js';
import * as organizationGroups from './organization-groups.js';
import * as organizations from './organizations.js';
import * as patientRegistration from './patient-registration.js';
import * as patients from './patients.js';
import * as practiceProtocol from './practice-protocol.js';
import * as practices from './practices.js';
import * as profile from './profile.js';
import * as roles from './roles.js';
import * as rules from './rules.js';
import * as sales from './sales.js';
import * as shell from './shell.js';
import * as sleep from './sleep.js';
import * as sleepBillingConfig from './sleep-billing-config.js';
import * as sleepSchedule from './sleep-schedule.js';
import * as ssResources from './ss-resources.js';
import * as staff from './staff.js';
import * as transcripts from './transcripts.js';
import { UPLOAD_CALLS } from './uploads.js';
import * as users from './users.js';
import * as vitals from './vitals.js';
import * as worklists from './worklists.js';

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'access' in value &&
  'response' in value;

/** Every call of the contract, each once: what relay mode forwards (bff/src/relay/). */
export const ALL_CALLS: readonly CallDef[] = [
  auth,
  billing,
  calls,
  chart,
  chartActivity,
  chartClinical,
  chartDocuments,
  chartCarePlan,
  chartGoals,
  chartMessages,
  chartNotes,
  chartOrders,
  chartReadings,
  chartReports,
  chartReminders,
  chartTargets,
  chartTasks,
  configWrites,
  devices,
  fhirClients,
  ingest,
  mfa,
  notifications,
  onboarding,
  organizations,
  patientRegistration,
  patients,
  organizationGroups,
  practiceProtocol,
  practices,
  profile,
  roles,
  rules,
  sales,
  shell,
  sleep,
  sleepSchedule,
  ssResources,
  forms,
  dental,
  interpretationTemplates,
  invoices,
  sleepBillingConfig,
  staff,
  transcripts,
  users,
  vitals,
  worklists,
  defaults,
  Object.values(UPLOAD_CALLS).flatMap((kind) => Object.values(kind)),
]
  .flatMap((module) => Object.values(module).filter(isCall))
  .concat(ALL_LISTS.flatMap((list) => Object.values(list.calls) as CallDef[]));
