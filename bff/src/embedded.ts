import type { ListName } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { ingestRoutes } from './alerts/ingest-routes.js';
import { monitorSource } from './alerts/worklist-store.js';
import { auditSource } from './audit/audit-store.js';
import { createCaptcha } from './auth/captcha.js';
import { mfaRoutes } from './auth/mfa-routes.js';
import { authRoutes } from './auth/routes.js';
import { temporaryLoginRoutes } from './auth/temporary-login-routes.js';
import { denialsSource } from './billing/denials-store.js';
import { programBillingSources } from './billing/program-list-store.js';
import { billingRoutes } from './billing/routes.js';
import { billingUtilityRoutes } from './billing/utility-routes.js';
import { callListSources } from './calls/list-store.js';
import { callRoutes } from './calls/routes.js';
import { goalRoutes } from './careplan/goal-routes.js';
import { carePlanRoutes } from './careplan/routes.js';
import { chartActivityRoutes } from './chart/activity-routes.js';
import { chartNoteRoutes } from './chart/note-routes.js';
import { chartRecordRoutes } from './chart/record-routes.js';
import { chartRoutes } from './chart/routes.js';
import { chartTaskRoutes } from './chart/task-routes.js';
import { clinicalRoutes } from './clinical/routes.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { configListSources } from './configuration/list-store.js';
import { configurationRoutes } from './configuration/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import type { Db } from './db/schema.js';
import { defaultsRoutes } from './defaults/routes.js';
import { dentalRoutes } from './dental/routes.js';
import { dentalCaseSource } from './dental/store.js';
import type { Deps } from './deps.js';
import { latestAssignedSource } from './devices/latest-store.js';
import { deviceListSources } from './devices/list-sources.js';
import { deviceRoutes } from './devices/routes.js';
import { documentRoutes } from './documents/routes.js';
import { fhirClientRoutes } from './fhir/auth/client-routes.js';
import { fhirRoutes } from './fhir/routes.js';
import { formRoutes } from './forms/routes.js';
import { formsSource } from './forms/store.js';
import { createHub } from './hub/hub.js';
import { practiceInterventionSource } from './interventions/list-store.js';
import { invoicesSource } from './invoices/list-store.js';
import { invoiceRoutes } from './invoices/routes.js';
import { createAlertEscalationJob } from './jobs/alert-escalation.js';
import { createAuditSealJob } from './jobs/audit-seal.js';
import { createMissedReadingsJob } from './jobs/missed-readings.js';
import { createReadingMonthsJob } from './jobs/reading-months.js';
import { registerLists } from './lists/register.js';
import type { ListSource } from './lists/source.js';
import { incomingMessagesSource } from './messages/incoming-list-store.js';
import { messageRoutes } from './messages/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { onboardingSubmissionsSource } from './onboarding/list-store.js';
import { onboardingRoutes } from './onboarding/routes.js';
import { patientConsentSource } from './orders/consent-store.js';
import { careOrderSource } from './orders/list-store.js';
import { orderRoutes } from './orders/routes.js';
import { groupRoutes, practiceProtocolRoutes } from './organizations/group-routes.js';
import { organizationGroupSource } from './organizations/group-store.js';
import { organizationRoutes } from './organizations/routes.js';
import { structureListSources } from './organizations/structure-list-store.js';
import { structureRoutes } from './organizations/structure-routes.js';
import { gmPatientsSource } from './patients/gm-store.js';
import { patientListSources } from './patients/list-store.js';
import { patientRecordRoutes } from './patients/record-routes.js';
import { patientRoutes } from './patients/routes.js';
import { createPdfPool } from './pdf/pdf-pool.js';
import { profileRoutes } from './profile/routes.js';
import { globalReportSource } from './reports/global-store.js';
import { readingReportSource, readingsReportSource } from './reports/reading-store.js';
import { reportRoutes } from './reports/routes.js';
import { roleSource } from './roles/list-store.js';
import { roleRoutes } from './roles/routes.js';
import { alertRuleSource } from './rules/rule-list-store.js';
import { ruleRoutes } from './rules/rule-routes.js';
import { vitalRoutes } from './rules/vital-routes.js';
import { salesRoutes } from './sales/routes.js';
import { healthRoutes } from './shell/health-routes.js';
import { shellRoutes } from './shell/routes.js';
import { translationRoutes } from './shell/translation-routes.js';
import { billingConfigRoutes } from './sleep/billing-config-routes.js';
import { sleepBillingSources } from './sleep/billing-list-store.js';
import { attachSleepLocks } from './sleep/lock-hub.js';
import { sleepReturnSource } from './sleep/return-store.js';
import { sleepRoutes } from './sleep/routes.js';
import { scheduleListSources } from './sleep/schedule-list-store.js';
import { scheduleRoutes } from './sleep/schedule-routes.js';
import { sleepListSources } from './sleep/study-list-store.js';
import { templateRoutes } from './sleep/template-routes.js';
import { templateSource } from './sleep/template-store.js';
import { therapyListSources } from './sleep/therapy-store.js';
import { ssResourceRoutes } from './ss-resources/routes.js';
import { ssResourcesSource } from './ss-resources/store.js';
import { staffListSources } from './staff/list-store.js';
import { staffRoutes } from './staff/routes.js';
import { myTasksSource } from './tasks/my-tasks-store.js';
import { worklistRoutes } from './tasks/routes.js';
import { transcriptQueueSource } from './transcripts/list-store.js';
import { transcriptRoutes } from './transcripts/routes.js';
import { csvUtilitySource } from './uploads/list-store.js';
import { uploadRoutes } from './uploads/routes.js';
import { webhookRoutes } from './webhooks/routes.js';

/** The store behind each list (architecture.md "Lists"): a complete record, so a list without one does not compile. */
export const LIST_SOURCES: Readonly<Record<ListName, ListSource<object>>> = {
  ...patientListSources(),
  monitor: monitorSource,
  'my-tasks': myTasksSource,
  'care-orders': careOrderSource,
  'alert-rules': alertRuleSource,
  'global-reports': globalReportSource,
  reports: readingsReportSource,
  'reading-report': readingReportSource,
  'patient-consent': patientConsentSource,
  'gm-patients': gmPatientsSource,
  'latest-assigned-devices': latestAssignedSource,
  'sleep-return-devices': sleepReturnSource,
  'ss-resources': ssResourcesSource,
  forms: formsSource,
  'practice-intervention': practiceInterventionSource,
  'transcript-queues': transcriptQueueSource,
  'csv-utility': csvUtilitySource,
  denials: denialsSource,
  ...programBillingSources(),
  invoices: invoicesSource,
  audit: auditSource,
  ...staffListSources(),
  ...sleepListSources(),
  'incoming-messages': incomingMessagesSource,
  ...callListSources(),
  ...deviceListSources(),
  ...structureListSources(),
  'organization-groups': organizationGroupSource,
  roles: roleSource,
  ...configListSources(),
  ...scheduleListSources(),
  ...therapyListSources(),
  'dental-cases': dentalCaseSource,
  'interpretation-customs': templateSource,
  ...sleepBillingSources(),
  'onboarding-submissions': onboardingSubmissionsSource,
};

/** Options of {@link embeddedApi} (app.ts AppOptions with the database present). */
export interface EmbeddedOptions {
  readonly config: Config;
  readonly db: Db;
  readonly clock?: Clock;
  readonly missedReadingsIntervalMs?: number;
  readonly escalationIntervalMs?: number;
}

/** Embedded mode (architecture.md "Modes and replicas"): every call answered from the database; hub and jobs run. */
export async function embeddedApi(app: FastifyInstance, opts: EmbeddedOptions): Promise<void> {
  const clock = opts.clock ?? systemClock;
  // socket.io on the same HTTP server (no @fastify/websocket, which would swallow the upgrades).
  // Redis's client is loaded only when configured: importing it costs 0.4 s of every start.
  const redis = opts.config.REDIS_URL
    ? await (await import('./hub/redis-adapter.js')).connectRedisAdapter(opts.config.REDIS_URL, app.log)
    : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  const hub = createHub(app.server, {
    db: opts.db,
    clock,
    log: app.log,
    ...(redis ? { adapter: redis.adapter } : {}),
  });
  // Sleep-test locks on the hub (000 §4.11); stopped first, so the hub's closing drops free no lock.
  const sleepLocks = attachSleepLocks(hub, { db: opts.db, clock, log: app.log });
  app.addHook('preClose', async () => sleepLocks.stop());
  // preClose, not onClose: Fastify's server.close() runs before onClose hooks and would wait for open websockets.
  app.addHook('preClose', async () => hub.close());
  // One pool of PDF workers for the app (billing report, list exports), started on first use.
  const pdf = createPdfPool();
  app.addHook('onClose', async () => pdf.close());
  const deps: Deps = {
    pdf,
    config: opts.config,
    db: opts.db,
    clock,
    hub,
    captcha: createCaptcha({
      db: opts.db,
      secret: opts.config.appSecret,
      maxCounter: opts.config.CAPTCHA_MAX_COUNTER,
    }),
  };
  healthRoutes(app, deps);
  authRoutes(app, deps);
  notificationRoutes(app, deps);
  patientRoutes(app, deps);
  patientRecordRoutes(app, deps);
  organizationRoutes(app, deps);
  structureRoutes(app, deps);
  groupRoutes(app, deps);
  practiceProtocolRoutes(app, deps);
  configurationRoutes(app, deps);
  roleRoutes(app, deps);
  translationRoutes(app, deps);
  temporaryLoginRoutes(app, deps);
  mfaRoutes(app, deps);
  shellRoutes(app, deps);
  billingRoutes(app, deps);
  invoiceRoutes(app, deps);
  ssResourceRoutes(app, deps);
  formRoutes(app, deps);
  chartRoutes(app, deps);
  chartRecordRoutes(app, deps);
  chartActivityRoutes(app, deps);
  chartNoteRoutes(app, deps);
  chartTaskRoutes(app, deps);
  reportRoutes(app, deps);
  clinicalRoutes(app, deps);
  carePlanRoutes(app, deps);
  goalRoutes(app, deps);
  vitalRoutes(app, deps);
  ruleRoutes(app, deps);
  ingestRoutes(app, deps);
  registerLists(app, deps, LIST_SOURCES);
  billingUtilityRoutes(app, deps, LIST_SOURCES);
  dashboardRoutes(app, deps);
  worklistRoutes(app, deps);
  salesRoutes(app, deps);
  documentRoutes(app, deps);
  uploadRoutes(app, deps);
  orderRoutes(app, deps);
  staffRoutes(app, deps);
  profileRoutes(app, deps);
  defaultsRoutes(app, deps);
  deviceRoutes(app, deps);
  sleepRoutes(app, deps);
  scheduleRoutes(app, deps);
  messageRoutes(app, deps, { jobs: opts.missedReadingsIntervalMs !== 0 });
  callRoutes(app, deps);
  dentalRoutes(app, deps);
  templateRoutes(app, deps);
  billingConfigRoutes(app, deps);
  transcriptRoutes(app, deps);
  onboardingRoutes(app, deps);
  fhirClientRoutes(app, deps);
  await app.register(fhirRoutes, deps);
  await webhookRoutes(app, deps);

  // This month's and the next month's readings partitions (decisions.md "Readings partitioned by month").
  const readingMonths = createReadingMonthsJob({ db: opts.db, clock, log: app.log });
  app.addHook('onReady', async () => readingMonths.start());
  app.addHook('preClose', async () => readingMonths.stop());
  // Outreach tasks for missed readings, on the app's clock; stopped before the database closes.
  if (opts.missedReadingsIntervalMs !== 0) {
    const missedReadings = createMissedReadingsJob({
      db: opts.db,
      clock,
      log: app.log,
      ...(opts.missedReadingsIntervalMs ? { intervalMs: opts.missedReadingsIntervalMs } : {}),
    });
    app.addHook('onReady', async () => missedReadings.start());
    app.addHook('preClose', async () => missedReadings.stop());
  }
  // The audit chain's seals, with a key the database never holds (decisions.md "Audit chain seals").
  if (opts.config.AUDIT_KEY) {
    const seals = createAuditSealJob({ db: opts.db, clock, log: app.log, key: opts.config.AUDIT_KEY });
    app.addHook('onReady', async () => seals.start());
    app.addHook('preClose', async () => seals.stop());
  }
  // Unacknowledged alerts up the escalation chain (decisions.md "Alert escalation").
  if (opts.escalationIntervalMs !== 0) {
    const escalation = createAlertEscalationJob({
      db: opts.db,
      clock,
      hub,
      log: app.log,
      ...(opts.escalationIntervalMs ? { intervalMs: opts.escalationIntervalMs } : {}),
    });
    app.addHook('onReady', async () => escalation.start());
    app.addHook('preClose', async () => escalation.stop());
  }
}
