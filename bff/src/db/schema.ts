// Over 300 lines: one Kysely interface per table in migration order; one file is the database's one type.
import type { ColumnType, Generated, Insertable, Kysely } from 'kysely';

// Kysely types of the tables in migrations/*.sql. Value types match what both engines return through
// type-parsers.ts: int8 and numeric as number, date and timestamptz as Date, jsonb parsed.

/** A timestamptz the caller must give on insert. Accepts a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz with a database default (`now()`): optional on insert. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/**
 * A date column, read as a Date at UTC midnight. Written as 'YYYY-MM-DD' only: node-postgres would serialise a
 * Date in the process's local time zone and could shift the day.
 */
export type DateColumn = ColumnType<Date, string, string>;
/** A nullable date column (see {@link DateColumn}). */
export type NullableDateColumn = ColumnType<Date | null, string | null | undefined, string | null>;
export type NumericColumn = ColumnType<number, number | string, number | string>;
export type DefaultBoolean = ColumnType<boolean, boolean | undefined, boolean>;
/** A bigint identity key, read as a number (see type-parsers.ts). */
export type BigIdentity = Generated<number>;
/**
 * A jsonb column: read parsed, written as JSON text (`JSON.stringify(...)`), because node-postgres would turn a
 * JavaScript array into a PostgreSQL array literal.
 */
export type JsonColumn = ColumnType<unknown, string | null | undefined, string | null>;

/** Role ids (000 §6; names: decisions.md "Role names and access lists"). */
export interface RolesTable {
  role_id: number;
  role: string;
}

/** The access list of each role. */
export interface RolePagesTable {
  role_id: number;
  page: string;
}

export interface LanguagesTable {
  language_id: number;
  language: string;
}

/** Program names fixed by a CHECK constraint. */
export type ProgramName = 'RPM' | 'CCM' | 'BHI' | 'PCM' | 'RTM';

export interface ProgramsTable {
  program_id: number;
  program_name: ProgramName;
}

export interface DeviceTypesTable {
  device_type_id: number;
  device_type: string;
  /** File name under icons/ (spec 000 §7). */
  icon: string;
  active: DefaultBoolean;
}

export interface VitalsTable {
  vital_id: number;
  vital_type: string;
  device_type_id: number;
  unit: string;
  active: DefaultBoolean;
}

export interface AppConfigTable {
  config_key: string;
  value: string;
}

export interface UsersTable {
  user_id: Generated<number>;
  /** E-mail address, lower-case (CHECK). */
  username: string;
  /** argon2id PHC string. */
  password_hash: string;
  firstname: string;
  lastname: string;
  dob: NullableDateColumn;
  mobile: string | null;
  phone: string | null;
  fax: string | null;
  profile_img: string | null;
  /** Contact-centre link; non-empty shows the call panel (spec 000 §2.12). */
  aws_link: string | null;
  is_dentist: DefaultBoolean;
  is_sleeplab_user: DefaultBoolean;
  is_onboarding: DefaultBoolean;
  is_interpreting_prac: DefaultBoolean;
  only_co_read: DefaultBoolean;
  is_external_care_coord: DefaultBoolean;
  is_external_sleep_coord: DefaultBoolean;
  dme_id: number | null;
  interpreting_physician_id: number | null;
  company_id: number | null;
  organization_id: number | null;
  change_password: DefaultBoolean;
  password_changed_at: DefaultTimestamp;
  active: DefaultBoolean;
  created_at: DefaultTimestamp;
}

export interface OrganizationsTable {
  organization_id: Generated<number>;
  organization_name: string;
  organization_details: string;
  description_language_id: ColumnType<number, number | undefined, number>;
  translated_details: string | null;
  created_by: number;
  modified_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface PracticesTable {
  practice_id: Generated<number>;
  organization_id: number;
  practice_name: string;
  /** Minutes before an unacknowledged alert escalates a tier, by level (0050). */
  escalation_critical_minutes: Generated<number>;
  escalation_abnormal_minutes: Generated<number>;
}

export interface LocationsTable {
  location_id: Generated<number>;
  practice_id: number;
  location_name: string;
}

export interface LocationProgramsTable {
  location_id: number;
  program_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

/** Practice membership; location_id null means every location of the practice. */
export interface UserPracticesTable {
  user_practice_id: Generated<number>;
  user_id: number;
  practice_id: number;
  location_id: number | null;
}

export interface UserProgramsTable {
  user_id: number;
  program_id: number;
}

/** Why a session ended (CHECK). */
export type SessionEndReason = 'logout' | 'replaced' | 'expired' | 'idle';

export interface SessionsTable {
  session_id: BigIdentity;
  user_id: number;
  token_hash: string;
  cookie_hash: string;
  created_at: DefaultTimestamp;
  last_activity_at: DefaultTimestamp;
  expires_at: Timestamp;
  /** Set together with end_reason (CHECK). */
  ended_at: NullableTimestamp;
  end_reason: SessionEndReason | null;
  /** The administrator behind a temporary login. */
  acting_user_id: number | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  id: BigIdentity;
  username: string;
  client: string;
  failed_at: DefaultTimestamp;
  /** False for an attempt whose captcha did not verify (decisions.md "Sign-in attempts with an unsolved captcha"). */
  verified: DefaultBoolean;
}

/** Answers of creating calls by Idempotency-Key (decisions.md "Retried creations"). */
export interface IdempotencyKeysTable {
  user_id: number;
  idempotency_key: string;
  call: string;
  response: JsonColumn;
  created_at: Timestamp;
}

/** An enrolled TOTP factor (migration 0010); secret_enc is encrypted (auth/mfa.ts). */
export interface UserMfaTable {
  user_id: number;
  secret_enc: string;
  enrolled_at: Timestamp;
  /** The TOTP time step of the last accepted code; an older or equal step is refused (no replay). */
  last_step: number | null;
}

/** An enrolment under way, until a code from the app confirms it. */
export interface UserMfaPendingTable {
  user_id: number;
  secret_enc: string;
  created_at: Timestamp;
}

export interface MfaRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** argon2id hash of the code. */
  code_hash: string;
  used_at: NullableTimestamp;
}

/** The second sign-in step: single use, short-lived, bound to the user and client address. */
export interface MfaChallengesTable {
  token_hash: string;
  user_id: number;
  client: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface CaptchaUsedTable {
  signature: string;
  expires_at: Timestamp;
}

/** Gender codes (CHECK): male, female, other, unknown. */
export type Gender = 'M' | 'F' | 'O' | 'U';

export interface PatientsTable {
  patient_id: Generated<number>;
  organization_id: number;
  practice_id: number;
  location_id: number;
  firstname: string;
  lastname: string;
  dob: DateColumn;
  gender: Gender;
  mobile: string | null;
  phone: string | null;
  language_id: ColumnType<number, number | undefined, number>;
  diagnosis_code: string | null;
  /** RPM status code; details show from 4 up, 9 is rejected (spec 001 §2.3). Codes: seed/patient-statuses.ts. */
  rpm_status: ColumnType<number, number | undefined, number>;
  /** CCM status code; null or 30 hides the CCM tab, 2 and up shows progress (spec 001 §2.3). */
  ccm_status: number | null;
  /** BHI status code; the BHI tab shows only with a health_med_id. */
  bhi_status: number | null;
  health_med_id: string | null;
  setup_date: NullableDateColumn;
  auth_number: string | null;
  physician_id: number | null;
  care_coordinator_id: number | null;
  /** 1: 30/60-minute CCM codes; 2: 20/40-minute codes (spec 001 §9). */
  ccm_type: ColumnType<1 | 2, 1 | 2 | undefined, 1 | 2>;
  reject_reason: string | null;
  reject_comment: string | null;
  created_at: DefaultTimestamp;
  /** 0067: when a field the FHIR Patient serves last changed. */
  updated_at: DefaultTimestamp;
  /** When the latest reading was taken; kept by a trigger on readings (migrations/0006_lists.sql). */
  last_reading_at: ColumnType<Date | null, never, never>;
  /** The practice's own patient id, unique within the practice (migration 0033). */
  mrn: string | null;
  email: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  /** Two capital letters (USPS). */
  state: string | null;
  zip: string | null;
  insurance_plan_id: number | null;
  insurance_member_id: string | null;
  pcm_status: number | null;
  rtm_status: number | null;
  /** Bumped by every demographics save; a stale edit names an older one (409). */
  version: ColumnType<number, number | undefined, number>;
  /** Set when this record was merged into another (it stays, marked). */
  merged_into_id: number | null;
  merged_at: Date | null;
  deactivated_at: Date | null;
}

/** Inventory status (CHECK). */
export type DeviceStatus = 'available' | 'assigned' | 'deactivated';

export interface DevicesTable {
  inventory_id: Generated<number>;
  imei: string;
  device_type_id: number;
  device_name: string;
  /** Null while in stock, not yet allocated to an organisation. */
  organization_id: number | null;
  status: ColumnType<DeviceStatus, DeviceStatus | undefined, DeviceStatus>;
  /** The warehouse the device sits in (0026), if known. */
  warehouse_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who supplied it and when it was bought (0036, the inventory upload). */
  vendor_name: ColumnType<string | null, string | null | undefined, string | null>;
  purchase_date: NullableDateColumn;
}

export interface DeviceAssignmentsTable {
  device_assign_id: Generated<number>;
  inventory_id: number;
  patient_id: number;
  assigned_at: DefaultTimestamp;
  unassigned_at: NullableTimestamp;
  /** Who handed the device out; null where it was not recorded (migration 0037). */
  assigned_by: number | null;
}

export interface ReadingsTable {
  reading_id: BigIdentity;
  patient_id: number;
  device_assign_id: number;
  vital_id: number;
  value: NumericColumn;
  taken_at: Timestamp;
}

export interface TimeLogsTable {
  time_log_id: Generated<number>;
  patient_id: number;
  user_id: number;
  program: ProgramName;
  /** Positive (CHECK). */
  seconds: number;
  logged_at: DefaultTimestamp;
  note: string | null;
  /** TIME_CATEGORIES (0051); null on minutes logged before categories. */
  category: string | null;
  /** An interactive contact with the patient (0051; 99457/99470 need one). */
  interactive: DefaultBoolean;
  /** Entered by hand; only these may be edited or deleted (decisions.md "Care time entries"). */
  manual: DefaultBoolean;
  updated_at: NullableTimestamp;
}

export interface NotificationsTable {
  notification_id: Generated<number>;
  /** The recipient. */
  user_id: number;
  patient_id: number | null;
  device_type_id: number | null;
  /** HTML (spec 000 §2.8); sanitise before display. */
  notification_message: string;
  created_by: number | null;
  created_at: DefaultTimestamp;
  read_at: NullableTimestamp;
  cleared_at: NullableTimestamp;
}

/** Task status (CHECK); completed_at is set exactly when completed. */
export type TaskStatus = 'open' | 'in_progress' | 'completed';

export interface TasksTable {
  task_id: Generated<number>;
  assigned_to: number;
  patient_id: number | null;
  title: string;
  description: string | null;
  status: ColumnType<TaskStatus, TaskStatus | undefined, TaskStatus>;
  due_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_by: number;
  created_at: DefaultTimestamp;
}

export interface CheckInsTable {
  check_in_id: Generated<number>;
  patient_id: number;
  user_id: number;
  created_at: DefaultTimestamp;
}

export interface AuditLogTable {
  audit_id: BigIdentity;
  at: DefaultTimestamp;
  user_id: number | null;
  /** The administrator behind a temporary login. */
  acting_user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: JsonColumn;
  ip: string | null;
  /** The previous row's row_hash ('0' x 64 for the first); filled by the insert trigger (0011_audit_chain.sql). */
  prev_hash: Generated<string>;
  /** sha256 of prev_hash and the row's fields (audit_canonical); filled by the insert trigger. */
  row_hash: Generated<string>;
}

/** The one row naming the newest audit row and its hash (0011_audit_chain.sql): a removed tail is detected. */
export interface AuditChainHeadTable {
  only_row: Generated<boolean>;
  last_id: number | null;
  last_hash: string;
}

/** A SMART backend-services client (0068_fhir_clients.sql). */
export interface FhirClientsTable {
  fhir_client_id: Generated<number>;
  client_id: string;
  name: string;
  organization_id: number;
  jwks: unknown;
  scopes: string[];
  created_by: number;
  created_at: Date;
  revoked_at: Date | null;
  revoked_by: number | null;
}

/** An assertion id already used by a client (replay refusal). */
export interface FhirAssertionJtisTable {
  fhir_client_id: number;
  jti: string;
  expires_at: Date;
}

/** An access token given at /fhir/auth/token, kept as its sha256. */
export interface FhirAccessTokensTable {
  token_hash: string;
  fhir_client_id: number;
  scopes: string[];
  issued_at: Date;
  expires_at: Date;
}

/** A FHIR Bulk Data export (0069_fhir_bulk_exports.sql). */
export interface FhirBulkExportsTable {
  export_id: string;
  requester: string;
  fhir_client_id: number | null;
  user_id: number | null;
  scopes: string[];
  practice_id: number | null;
  types: string[];
  since: Date | null;
  request_url: string;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  progress: Generated<string>;
  output: Generated<unknown>;
  error: string | null;
  requested_at: Date;
  heartbeat_at: Date;
  completed_at: Date | null;
  expires_at: Date | null;
}

/** A device vendor's webhook signing secret (0070_device_webhooks.sql). */
export interface DeviceWebhookSecretsTable {
  secret_id: Generated<number>;
  vendor_name: string;
  organization_id: number | null;
  secret: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** A webhook event received once (idempotency by vendor and event id). */
export interface DeviceWebhookEventsTable {
  vendor_name: string;
  event_id: string;
  body_hash: string;
  event_type: string;
  received_at: Date;
}

/** A device's fulfilment or connection event, from its vendor's webhook. */
export interface DeviceEventsTable {
  device_event_id: Generated<number>;
  inventory_id: number | null;
  device_order_id: number | null;
  patient_id: number | null;
  event: string;
  detail: unknown;
  occurred_at: Date;
  vendor_name: string;
  event_id: string;
}

/** A signed chain head (0066_audit_seals.sql): the app's HMAC of (last_id, last_hash) under AUDIT_KEY. */
export interface AuditSealsTable {
  seal_id: Generated<number>;
  last_id: number;
  last_hash: string;
  mac: string;
  sealed_at: Date;
}

/** A code's insurance default amount from a date of service on (demo defaults an administrator edits). */
export interface InsuranceDefaultAmountsTable {
  /** 0027: the list's row id. */
  amount_id: Generated<number>;
  cpt_code: string;
  amount: NumericColumn;
  effective_from: DateColumn;
}

/** Distinct UTC days on which a patient sent at least one reading (billing/summary.ts). */
export interface PatientReadingDaysTable {
  patient_id: number;
  day: DateColumn;
}

/**
 * Reading days, logged seconds and the RPM/RTM codes of one patient in one calendar month (billing/summary.ts);
 * the billing report reads this, never the raw readings. `id` is the report's patients_cpt_id.
 */
export interface PatientMonthSummaryTable {
  id: Generated<number>;
  patient_id: number;
  /** First day of the month. */
  month: DateColumn;
  organization_id: number;
  practice_id: number;
  location_id: number;
  /** billing_sort_name(lastname, firstname). */
  sort_name: string;
  /** Start of the device episode in force in the month. */
  setup_date: NullableDateColumn;
  reading_days: ColumnType<number, number | undefined, number>;
  rpm_seconds: ColumnType<number, number | undefined, number>;
  rtm_seconds: ColumnType<number, number | undefined, number>;
  ccm_seconds: ColumnType<number, number | undefined, number>;
  bhi_seconds: ColumnType<number, number | undefined, number>;
  pcm_seconds: ColumnType<number, number | undefined, number>;
  setup_cpt: string | null;
  compliance_cpt: string | null;
  activity_time_cpt: string | null;
  more_activity_time_cpt: string | null;
  activity_time_60_cpt: string | null;
  rtm_cpt: string | null;
  rtm_40_cpt: string | null;
  rtm_60_cpt: string | null;
  /** Generated: listed on the RPM billing report (readings, RPM minutes or a set-up in the month). */
  rpm_listed: ColumnType<boolean, never, never>;
  /** Bumped by triggers when anything the billing engine reads changes (0042). */
  inputs_version: ColumnType<number, never, number>;
  /** The inputs_version the stored billing_period_codes were computed from. */
  codes_version: ColumnType<number, never, number>;
}

/** A claim sent for a patient-month ('Claim Sent', spec 001 §2.1); one per patient and month. */
export interface BillingClaimsTable {
  claim_id: Generated<number>;
  patient_id: number;
  month: DateColumn;
  claimed_at: Timestamp;
  claimed_by: number;
  /** The administrator behind a temporary login. */
  acting_user_id: number | null;
}

/** The engine's status of a code in a patient-month (0039; decisions.md "Billing period results"). */
export type PeriodCodeStatus = 'billed' | 'blocked' | 'excluded';

/** One rule a patient-month reached (shared/src/billing/engine.ts), with its status and price. */
export interface BillingPeriodCodesTable {
  summary_id: number;
  patient_id: number;
  month: DateColumn;
  organization_id: number;
  practice_id: number;
  location_id: number;
  rule_id: string;
  code: string;
  program: string;
  units: number;
  status: PeriodCodeStatus;
  unmet: ColumnType<string[], string[] | undefined, string[]>;
  excluded_by: string | null;
  cents: number;
}

/** A program billing report's row of a patient-month (0047), written with its period codes. */
export interface BillingPeriodReportsTable {
  summary_id: number;
  report: 'rpm' | 'ccm' | 'pcm' | 'bhi';
  patient_id: number;
  month: DateColumn;
  organization_id: number;
  practice_id: number;
  location_id: number;
  status: 'billable' | 'blocked' | 'not-yet';
  cents: number;
  seconds: number;
  cells: ColumnType<Record<string, string>, string, string>;
  still_needs: string | null;
}

/** When a month's period results were last computed. */
export interface BillingPeriodsTable {
  month: DateColumn;
  evaluated_at: Timestamp;
}

// ── The patient chart (migrations/0004_chart.sql) ─────────────────────────────────────────────────────────

/** The three status programs of the dashboard card (001 §2.3). */
export type StatusProgramName = ProgramName;

/** One entry of a status list (001 §2.3, §3; decisions.md "Status lists"). */
export interface PatientStatusOptionsTable {
  program: StatusProgramName;
  status_id: number;
  label: string;
  sort_order: number;
  /** Never offered in the selector (RPM/CCM 6, 001 §4). */
  hidden: DefaultBoolean;
  /** Shown but not selectable (CCM 2, 001 §4). */
  disabled: DefaultBoolean;
  description: string;
}

/** A status change and what its dialog recorded (details). */
export interface PatientStatusChangesTable {
  change_id: Generated<number>;
  patient_id: number;
  program: StatusProgramName;
  from_status: number | null;
  to_status: number;
  details: JsonColumn;
  changed_by: number;
  acting_user_id: number | null;
  changed_at: Timestamp;
}

/** Interval units of a rule: `interval` readings per Day, Week or Month. */
export interface ReadingIntervalsTable {
  interval_id: number;
  interval_type: string;
  days: number;
}

/** A vital's four bounds; spo2 has no high bounds (001 §2.6). */
interface BoundColumns {
  critical_low: NumericColumn;
  abnormal_low: NumericColumn;
  abnormal_high: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  critical_high: ColumnType<number | null, number | string | null | undefined, number | string | null>;
}

/** Default bounds per role and vital (role 5: the RPM protocol defaults). */
export interface VitalDefaultsTable extends BoundColumns {
  role_id: number;
  vital_id: number;
}

/** A user's own Notification Defaults per vital (0023). */
export interface UserVitalDefaultsTable extends BoundColumns {
  user_id: number;
  vital_id: number;
  updated_at: Timestamp;
}

/** The patient's vital configuration (001 §2.6). */
export interface PatientVitalThresholdsTable extends BoundColumns {
  patient_id: number;
  vital_id: number;
  updated_by: number;
  updated_at: Timestamp;
}

/** Dry weight with gain and loss (001 §2.6). */
export interface PatientWeightSettingsTable {
  patient_id: number;
  dry_weight: NumericColumn;
  gain: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  loss: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  updated_by: number;
  updated_at: Timestamp;
}

/** Rule status: 1 active, 2 inactive (001 §4). */
export type RuleStatus = 1 | 2;
/** How the patient is reached after missed readings (decisions.md "Notification modes"). */
export type NotificationModeName = 'sms' | 'ivr' | 'sms_ivr';

/** A notification rule of one device assignment (001 §3). interval_count is the spec's `interval`. */
export interface NotificationRulesTable {
  notification_rule_id: Generated<number>;
  patient_id: number;
  device_assign_id: number;
  interval_id: number;
  interval_count: number;
  start_date: DateColumn;
  end_date: DateColumn;
  status: RuleStatus;
  notification_mode: NotificationModeName;
  notification_note: ColumnType<string, string | undefined, string>;
  sms_miss: number;
  call_miss: number;
  gain: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  loss: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  previous_rule_id: number | null;
  created_by: number;
  created_at: Timestamp;
  updated_by: number;
  updated_at: Timestamp;
  terminated_by: number | null;
  terminated_at: NullableTimestamp;
}

/** A rule's bounds for one vital. */
export interface NotificationRuleVitalsTable extends BoundColumns {
  notification_rule_id: number;
  vital_id: number;
}

/** A device vendor's key (only its SHA-256 hex). organization_id null: every organisation. */
export interface DeviceVendorKeysTable {
  key_id: Generated<number>;
  vendor_name: string;
  key_hash: string;
  organization_id: number | null;
  created_at: DefaultTimestamp;
  revoked_at: NullableTimestamp;
}

/** A measurement received by the intake, once per device and time. */
export interface ReadingMessagesTable {
  message_id: BigIdentity;
  inventory_id: number;
  taken_at: Timestamp;
  device_assign_id: number;
  key_id: number;
  payload_hash: string;
  received_at: Timestamp;
  /** The device-error task this measurement opened (decisions.md "Impossible readings"). */
  device_task_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The request body as the device sent it (Device Data logs); null before migration 0022. */
  payload: ColumnType<unknown, string | null | undefined, string | null>;
}

/** Alert level and direction (CHECK). */
export type AlertLevel = 'abnormal' | 'critical';
export type AlertDirection = 'low' | 'high';

/** A reading beyond a bound of the rule in force; one per reading. */
export interface AlertsTable {
  alert_id: Generated<number>;
  patient_id: number;
  reading_id: number;
  notification_rule_id: number | null;
  vital_id: number;
  level: AlertLevel;
  direction: AlertDirection;
  value: NumericColumn;
  bound: NumericColumn;
  taken_at: Timestamp;
  created_at: Timestamp;
  acknowledged_at: NullableTimestamp;
  acknowledged_by: number | null;
  /** The worklist acknowledgement's note (0007_worklists.sql). */
  acknowledge_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last escalation tier reached, 0 for none (0050). */
  escalation_tier: Generated<number>;
  escalated_at: NullableTimestamp;
  /** The worklist's sort values, copied from the patient, practice and vital by triggers (0030_worklist_sort.sql). */
  sort_lastname: Generated<string>;
  sort_firstname: Generated<string>;
  sort_practice: Generated<string>;
  sort_vital: Generated<string>;
}

/** An acknowledged alert holding further readings of its rule, vital and direction (0049). */
export interface AlertSuppressionsTable {
  patient_id: number;
  notification_rule_id: number;
  vital_id: number;
  direction: AlertDirection;
  level: AlertLevel;
  alert_id: number;
  created_at: Timestamp;
}

/** A reading out of range held by an acknowledged alert instead of raising one (0049). */
export interface SuppressedReadingsTable {
  reading_id: number;
  /** The acknowledged alert that held it, or null when a snooze did (0052: exactly one is set). */
  alert_id: number | null;
  snooze_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** A rule's abnormal bound of one vital and direction, snoozed for at most 24 hours (0052). */
export interface AlertSnoozesTable {
  snooze_id: Generated<number>;
  patient_id: number;
  notification_rule_id: number;
  vital_id: number;
  direction: AlertDirection;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reason: string;
  created_by: number;
  acting_user_id: number | null;
  cancelled_at: NullableTimestamp;
  cancelled_by: number | null;
}

/** One outreach task per rule, kind and streak of missed readings. */
export interface MissedReadingOutreachTable {
  outreach_id: Generated<number>;
  notification_rule_id: number;
  kind: 'sms' | 'call';
  streak_start: Timestamp;
  task_id: number | null;
  created_at: Timestamp;
}

/** The chart's activity timer; one running per user. */
export interface ActivityTimersTable {
  timer_id: Generated<number>;
  user_id: number;
  acting_user_id: number | null;
  patient_id: number;
  program: ProgramName;
  started_at: Timestamp;
  stopped_at: NullableTimestamp;
  time_log_id: number | null;
  /** Set while paused for idleness (0051; decisions.md "Care timer"). */
  paused_at: NullableTimestamp;
  /** Seconds of earlier pauses, never logged. */
  paused_seconds: Generated<number>;
}

/** A note on a patient's chart. */
export interface PatientNotesTable {
  note_id: Generated<number>;
  patient_id: number;
  author_id: number;
  acting_user_id: number | null;
  note: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A document of a patient's chart (0015; decisions.md "Documents"). */
export interface PatientDocumentsTable {
  document_id: Generated<number>;
  patient_id: number;
  title: string;
  category: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  uploaded_by: number;
  acting_user_id: number | null;
  uploaded_at: Timestamp;
  deleted_by: number | null;
  deleted_at: NullableTimestamp;
}

/** An RPM or CCM enrolment order (0015; decisions.md "Enrolment orders"). */
export interface EnrollmentOrdersTable {
  order_id: Generated<number>;
  patient_id: number;
  program: string;
  ordering_provider: string;
  provider_npi: string | null;
  /** ICD-10 codes, a JSON array. */
  diagnosis_codes: JsonColumn;
  order_date: DateColumn;
  consent_date: DateColumn;
  consent_method: string;
  created_by: number;
  acting_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One insurance authorisation of an order, never overwritten (0015; decisions.md "Authorization history"). */
export interface OrderAuthorizationsTable {
  authorization_id: Generated<number>;
  order_id: number;
  patient_id: number;
  authorization_number: string;
  start_date: DateColumn;
  end_date: DateColumn;
  recorded_by: number;
  recorded_at: Timestamp;
}

/** A device ordered for an enrolment order, with its fulfilment (0015; decisions.md "Device orders"). */
export interface DeviceOrdersTable {
  device_order_id: Generated<number>;
  order_id: number;
  patient_id: number;
  device_type_id: number;
  status: string;
  tracking_number: string | null;
  ordered_by: number;
  ordered_at: Timestamp;
  shipped_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  returned_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** CCM Care Plan Defaults (000 §2.4): the product's template (organization_id null) or an organisation's. */
export interface CarePlanDefaultsTable {
  default_id: Generated<number>;
  organization_id: number | null;
  plan: JsonColumn;
}

/** One version of a patient's care plan; a save adds a version, a signature marks one. */
export interface CarePlanVersionsTable {
  care_plan_version_id: Generated<number>;
  patient_id: number;
  version: number;
  plan: JsonColumn;
  author_id: number;
  acting_user_id: number | null;
  created_at: Timestamp;
  signed_by: number | null;
  signed_at: NullableTimestamp;
}

/** A goal of the chart's Goals tab. */
export interface PatientGoalsTable {
  goal_id: Generated<number>;
  patient_id: number;
  kind: 'clinical' | 'personal';
  title: string;
  vital_id: number | null;
  target_low: ColumnType<number | null, number | null | undefined, number | null>;
  target_high: ColumnType<number | null, number | null | undefined, number | null>;
  problem_icd10: string | null;
  target_date: NullableDateColumn;
  status: ColumnType<'active' | 'achieved' | 'stopped', 'active' | 'achieved' | 'stopped' | undefined>;
  author_id: number;
  acting_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A Messages Category (000 §6.2; migration 0016). */
export interface MessageCategoriesTable {
  category_id: Generated<number>;
  name: string;
  active: DefaultBoolean;
}

/** A Message Template (000 §6.2); '{first_name}' is filled with the patient's first name. */
export interface MessageTemplatesTable {
  template_id: Generated<number>;
  category_id: number;
  title: string;
  body: string;
  active: DefaultBoolean;
}

/** Keys of the SMS provider's webhooks, SHA-256 hex. */
export interface SmsProviderKeysTable {
  key_id: Generated<number>;
  provider_name: string;
  key_hash: string;
  created_at: DefaultTimestamp;
  revoked_at: NullableTimestamp;
}

/** A scheduled reminder text to a patient. */
export interface PatientRemindersTable {
  reminder_id: Generated<number>;
  patient_id: number;
  kind: 'reading' | 'appointment' | 'medication' | 'other';
  message: string;
  frequency: 'once' | 'daily' | 'weekly' | 'monthly';
  repeat_interval: number;
  /** RFC 5545 weekday names, comma-separated. */
  weekdays: ColumnType<string, string | undefined, string>;
  start_date: DateColumn;
  send_time: string;
  time_zone: string;
  end_date: NullableDateColumn;
  active: DefaultBoolean;
  next_at: NullableTimestamp;
  created_by: number;
  acting_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A text message to or from a patient. */
export interface PatientMessagesTable {
  message_id: Generated<number>;
  patient_id: number | null;
  direction: 'out' | 'in';
  body: string;
  phone: string;
  status: 'queued' | 'sent' | 'delivered' | 'failed' | 'not_sent' | 'received';
  status_detail: string | null;
  provider_message_id: string | null;
  template_id: number | null;
  reminder_id: number | null;
  sender_id: number | null;
  acting_user_id: number | null;
  created_at: Timestamp;
  status_at: Timestamp;
}

/** What would have been sent without an SMS provider. */
export interface SmsOutboxTable {
  outbox_id: Generated<number>;
  message_id: number;
  phone: string;
  body: string;
  created_at: Timestamp;
}

/** A tag patients can carry (the lists' 'Tags' filter, 001 §2.3). */
export interface TagsTable {
  tag_id: Generated<number>;
  tag: string;
}

export interface PatientTagsTable {
  patient_id: number;
  tag_id: number;
}

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  applied_at: DefaultTimestamp;
}

/** Kinds of sleep study (0019_sleep.sql): home sleep test, in-lab polysomnography, overnight oximetry, spirometry. */
export type SleepStudyKind = 'hst' | 'psg' | 'oximetry' | 'spirometry';

/** A template of Custom Interpretation Config (000 §6.2). */
export interface InterpretationTemplatesTable {
  template_id: Generated<number>;
  kind: SleepStudyKind;
  name: string;
  findings: ColumnType<string, string | undefined, string>;
  impression: ColumnType<string, string | undefined, string>;
  recommendations: ColumnType<string, string | undefined, string>;
  organization_id: number | null;
  created_by: number;
  created_at: Timestamp;
  active: DefaultBoolean;
}

/** A nullable numeric column, read as a number. */
type NullableNumeric = ColumnType<number | null, number | null | undefined, number | null>;

/** A sleep study or spirometry test; the measures' units are in 0019_sleep.sql. */
export interface SleepStudiesTable {
  study_id: Generated<number>;
  patient_id: number;
  kind: SleepStudyKind;
  status: 'ordered' | 'recorded' | 'awaiting_interpretation' | 'interpreted' | 'co_read';
  ordering_physician_id: number | null;
  reader_id: number | null;
  needs_co_read: DefaultBoolean;
  device: string | null;
  ordered_at: Timestamp;
  recorded_on: NullableDateColumn;
  ahi: NullableNumeric;
  rdi: NullableNumeric;
  odi: NullableNumeric;
  spo2_nadir: number | null;
  spo2_mean: NullableNumeric;
  t88_minutes: number | null;
  total_sleep_minutes: number | null;
  sleep_efficiency: NullableNumeric;
  fev1_l: NullableNumeric;
  fvc_l: NullableNumeric;
  created_at: Timestamp;
  /** When a home study's device came back, and who received it (migration 0037). */
  device_returned_at: NullableTimestamp;
  device_returned_by: number | null;
  /** The sleep technologist who recorded the study (migration 0054); null before recording or where not noted. */
  technician_id: number | null;
}

/** A study's interpretation, signed and (for co-reads) co-signed. */
export interface SleepInterpretationsTable {
  study_id: number;
  template_id: number | null;
  findings: ColumnType<string, string | undefined, string>;
  impression: ColumnType<string, string | undefined, string>;
  recommendations: ColumnType<string, string | undefined, string>;
  updated_by: number;
  updated_at: Timestamp;
  signed_by: number | null;
  signed_at: NullableTimestamp;
  co_reader_id: number | null;
  co_signed_at: NullableTimestamp;
}

/** A sleep-test lock: a lease with a fencing token (0020_sleep_locks.sql). */
export interface SleepStudyLocksTable {
  study_id: number;
  user_id: number;
  token: ColumnType<number, number | undefined, number>;
  taken_at: Timestamp;
  expires_at: Timestamp;
}

/** An oral-appliance case of the Dental Dashboard (0025_dental_sleep_billing.sql). */
export interface OralApplianceCasesTable {
  case_id: Generated<number>;
  patient_id: number;
  dentist_id: number;
  stage: 'referral' | 'impression' | 'insertion' | 'follow_up_test';
  referred_on: DateColumn;
  impression_on: NullableDateColumn;
  insertion_on: NullableDateColumn;
  follow_up_test_on: NullableDateColumn;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** HST Billing Configuration: an organisation's price per sleep CPT code, in cents. */
export interface HstBillingPricesTable {
  organization_id: number;
  cpt_code: string;
  price_cents: number;
  updated_by: number;
  updated_at: Timestamp;
}

/** Athena vitals configuration: a vital an organisation sends to Athena. */
export interface AthenaVitalExportsTable {
  organization_id: number;
  vital_id: number;
  updated_by: number;
  updated_at: Timestamp;
}

/** A call of the softphone or of the contact centre (migrations/0018_calls.sql). */
export interface CallRecordsTable {
  call_id: Generated<number>;
  patient_id: number | null;
  agent_user_id: number | null;
  acting_user_id: number | null;
  agent_name: string | null;
  contact_id: string;
  direction: 'inbound' | 'outbound';
  phone_number: string;
  outcome: 'Missed' | 'Accepted' | 'Called' | null;
  kind: 'regular' | 'callback' | 'voicemail' | 'unattended';
  started_at: Timestamp;
  ended_at: NullableTimestamp;
  duration_seconds: number | null;
  callback_due_at: NullableTimestamp;
  returned_by_call_id: number | null;
  returned_at: NullableTimestamp;
  time_log_id: number | null;
}

/** A recording's transcript: queued when the call ends, assigned, completed into a note (0057_transcript_queues.sql). */
export interface TranscriptsTable {
  transcript_id: Generated<number>;
  call_id: number;
  recorded_at: Timestamp;
  status: ColumnType<'queued' | 'assigned' | 'completed', 'queued' | undefined, 'assigned' | 'completed'>;
  assignee_id: number | null;
  assigned_by: number | null;
  assigned_at: NullableTimestamp;
  transcript: string | null;
  note_id: number | null;
  completed_by: number | null;
  completed_at: NullableTimestamp;
}

/** Sleep appointment / consult status codes (001 §2.4): 2 Scheduled, 3 Completed, 4 No Show, 6 Connectivity Issue. */
type SleepVisitStatus = 2 | 3 | 4 | 6;

/** Columns sleep consults and sleep appointments share (0024_sleep_schedule.sql). */
interface SleepVisitColumns {
  patient_id: number;
  status: ColumnType<SleepVisitStatus, SleepVisitStatus | undefined, SleepVisitStatus>;
  scheduled_at: Timestamp;
  duration_minutes: number;
  notes: ColumnType<string, string | undefined, string>;
  created_by: number;
  created_at: Timestamp;
  updated_by: number;
  updated_at: Timestamp;
  cancelled_by: number | null;
  cancelled_at: NullableTimestamp;
}

/** A consult with a sleep physician; consult_type 1-5 (001 §2.4). */
export interface SleepConsultsTable extends SleepVisitColumns {
  consult_id: Generated<number>;
  physician_id: number;
  consult_type: number;
}

/** An appointment with a sleep technician. */
export interface SleepAppointmentsTable extends SleepVisitColumns {
  appointment_id: Generated<number>;
  technician_id: number;
}

/** Consults and appointments as one relation for reading (a view; not in TABLE_NAMES). */
export interface SleepVisitsView {
  kind: 'consult' | 'appointment';
  visit_id: number;
  patient_id: number;
  staff_id: number;
  consult_type: number | null;
  status: SleepVisitStatus;
  scheduled_at: Date;
  duration_minutes: number;
  notes: string;
  cancelled_at: Date | null;
}

/** Every table, for `Kysely<Database>`. */
export interface Database {
  roles: RolesTable;
  role_pages: RolePagesTable;
  languages: LanguagesTable;
  programs: ProgramsTable;
  device_types: DeviceTypesTable;
  vitals: VitalsTable;
  app_config: AppConfigTable;
  users: UsersTable;
  organizations: OrganizationsTable;
  practices: PracticesTable;
  locations: LocationsTable;
  location_programs: LocationProgramsTable;
  user_roles: UserRolesTable;
  user_practices: UserPracticesTable;
  user_programs: UserProgramsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  captcha_used: CaptchaUsedTable;
  idempotency_keys: IdempotencyKeysTable;
  user_mfa: UserMfaTable;
  user_mfa_pending: UserMfaPendingTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  patients: PatientsTable;
  devices: DevicesTable;
  device_assignments: DeviceAssignmentsTable;
  readings: ReadingsTable;
  time_logs: TimeLogsTable;
  notifications: NotificationsTable;
  tasks: TasksTable;
  check_ins: CheckInsTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  audit_seals: AuditSealsTable;
  fhir_clients: FhirClientsTable;
  fhir_assertion_jtis: FhirAssertionJtisTable;
  fhir_access_tokens: FhirAccessTokensTable;
  fhir_bulk_exports: FhirBulkExportsTable;
  device_webhook_secrets: DeviceWebhookSecretsTable;
  device_webhook_events: DeviceWebhookEventsTable;
  device_events: DeviceEventsTable;
  insurance_default_amounts: InsuranceDefaultAmountsTable;
  patient_reading_days: PatientReadingDaysTable;
  patient_month_summary: PatientMonthSummaryTable;
  billing_claims: BillingClaimsTable;
  billing_period_codes: BillingPeriodCodesTable;
  billing_period_reports: BillingPeriodReportsTable;
  billing_periods: BillingPeriodsTable;
  patient_status_options: PatientStatusOptionsTable;
  patient_status_changes: PatientStatusChangesTable;
  reading_intervals: ReadingIntervalsTable;
  vital_defaults: VitalDefaultsTable;
  patient_vital_thresholds: PatientVitalThresholdsTable;
  patient_weight_settings: PatientWeightSettingsTable;
  notification_rules: NotificationRulesTable;
  notification_rule_vitals: NotificationRuleVitalsTable;
  device_vendor_keys: DeviceVendorKeysTable;
  reading_messages: ReadingMessagesTable;
  alerts: AlertsTable;
  alert_suppressions: AlertSuppressionsTable;
  suppressed_readings: SuppressedReadingsTable;
  alert_snoozes: AlertSnoozesTable;
  missed_reading_outreach: MissedReadingOutreachTable;
  activity_timers: ActivityTimersTable;
  patient_notes: PatientNotesTable;
  tags: TagsTable;
  patient_tags: PatientTagsTable;
  patient_documents: PatientDocumentsTable;
  enrollment_orders: EnrollmentOrdersTable;
  order_authorizations: OrderAuthorizationsTable;
  device_orders: DeviceOrdersTable;
  schema_migrations: SchemaMigrationsTable;
  patient_diagnoses: PatientDiagnosesTable;
  patient_medications: PatientMedicationsTable;
  patient_allergies: PatientAllergiesTable;
  care_plan_defaults: CarePlanDefaultsTable;
  care_plan_versions: CarePlanVersionsTable;
  patient_goals: PatientGoalsTable;
  message_categories: MessageCategoriesTable;
  message_templates: MessageTemplatesTable;
  sms_provider_keys: SmsProviderKeysTable;
  patient_reminders: PatientRemindersTable;
  patient_messages: PatientMessagesTable;
  sms_outbox: SmsOutboxTable;
  interpretation_templates: InterpretationTemplatesTable;
  sleep_studies: SleepStudiesTable;
  sleep_interpretations: SleepInterpretationsTable;
  sleep_study_locks: SleepStudyLocksTable;
  call_records: CallRecordsTable;
  transcripts: TranscriptsTable;
  user_vital_defaults: UserVitalDefaultsTable;
  sleep_consults: SleepConsultsTable;
  sleep_appointments: SleepAppointmentsTable;
  sleep_visits: SleepVisitsView;
  note_categories: NoteCategoriesTable;
  note_comments: NoteCommentsTable;
  device_names: DeviceNamesTable;
  warehouses: WarehousesTable;
  insurance_plans: InsurancePlansTable;
  organization_insurances: OrganizationInsurancesTable;
  oral_appliance_cases: OralApplianceCasesTable;
  hst_billing_prices: HstBillingPricesTable;
  athena_vital_exports: AthenaVitalExportsTable;
  organization_protocol_defaults: OrganizationProtocolDefaultsTable;
  organization_protocol_vitals: OrganizationProtocolVitalsTable;
  user_note_defaults: UserNoteDefaultsTable;
  organization_insurance_defaults: OrganizationInsuranceDefaultsTable;
  leads: LeadsTable;
  ss_resources: SsResourcesTable;
  forms: FormsTable;
  form_submissions: FormSubmissionsTable;
  uploads: UploadsTable;
  upload_problems: UploadProblemsTable;
  upload_mappings: UploadMappingsTable;
  claim_denial_reasons: ClaimDenialReasonsTable;
  claim_status_lines: ClaimStatusLinesTable;
  claim_status_history: ClaimStatusHistoryTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  organization_groups: OrganizationGroupsTable;
  organization_group_members: OrganizationGroupMembersTable;
  organization_group_admins: OrganizationGroupAdminsTable;
  onboarding_submissions: OnboardingSubmissionsTable;
  onboarding_documents: OnboardingDocumentsTable;
  onboarding_attempts: OnboardingAttemptsTable;
}

// The defaults pages of 0028 (000 §2.2, §6.2).
/** An organisation's RPM Protocol Defaults. */
export interface OrganizationProtocolDefaultsTable {
  organization_id: number;
  reading_days: number;
  check_in_frequency: string;
  updated_by: number;
  updated_at: Timestamp;
}

/** The vital bounds of an organisation's RPM Protocol Defaults. */
export interface OrganizationProtocolVitalsTable extends BoundColumns {
  organization_id: number;
  vital_id: number;
}

/** A user's Notes Defaults. */
export interface UserNoteDefaultsTable {
  user_id: number;
  category_id: number | null;
  comment_id: number | null;
  updated_at: Timestamp;
}

/** An organisation's Insurance Defaults. */
export interface OrganizationInsuranceDefaultsTable {
  organization_id: number;
  plan_id: number | null;
  updated_by: number;
  updated_at: Timestamp;
}

// The configuration tables of 0026 (000 §2.4).
export interface NoteCategoriesTable {
  category_id: Generated<number>;
  name: string;
  active: DefaultBoolean;
}

export interface NoteCommentsTable {
  comment_id: Generated<number>;
  category_id: number;
  comment: string;
  active: DefaultBoolean;
}

export interface DeviceNamesTable {
  device_name_id: Generated<number>;
  device_type_id: number;
  name: string;
  active: DefaultBoolean;
}

export interface WarehousesTable {
  warehouse_id: Generated<number>;
  name: string;
  address: string;
  active: DefaultBoolean;
}

export interface InsurancePlansTable {
  plan_id: Generated<number>;
  payer: string;
  plan_name: string;
  plan_type: string;
  active: DefaultBoolean;
}

/** A plan an organisation accepts (the Insurance Table, /app/insurance-table). */
export interface OrganizationInsurancesTable {
  accepted_id: Generated<number>;
  organization_id: number;
  plan_id: number;
  active: DefaultBoolean;
}

/** A practice a sales team is courting (0032; decisions.md "Leads"). */
export interface LeadsTable {
  lead_id: Generated<number>;
  organization_id: number;
  practice_name: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  stage: ColumnType<string, string | undefined, string>;
  next_follow_up: DateColumn;
  active: DefaultBoolean;
  created_at: DefaultTimestamp;
  /** The user who added the lead: the rep who brings its practice in (0059). */
  added_by: number | null;
  /** The practice a Won lead became (0059's triggers link it by name within the organisation). */
  practice_id: number | null;
}

/** A sleep-study resource of an organisation's library (0059): a stored file or a link. */
export interface SsResourcesTable {
  resource_id: Generated<number>;
  organization_id: number;
  title: string;
  category: string;
  description: ColumnType<string, string | undefined, string>;
  url: string | null;
  file_name: string | null;
  content_type: string | null;
  size_bytes: number | null;
  sha256: string | null;
  storage_key: string | null;
  uploaded_by: number;
  acting_user_id: number | null;
  uploaded_at: Timestamp;
  deleted_by: number | null;
  deleted_at: NullableTimestamp;
}

/** An organisation's custom form (0060; decisions.md "Form"): its fields as JSON (shared/src/form-fields.ts). */
export interface FormsTable {
  form_id: Generated<number>;
  organization_id: number;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  /** [{key, label, kind, required, options}], written as JSON text. */
  fields: ColumnType<unknown, string, string>;
  active: DefaultBoolean;
  version: ColumnType<number, number | undefined, number>;
  created_by: number;
  created_at: Timestamp;
  updated_by: number;
  updated_at: Timestamp;
}

/** A patient's answers to a form (0060), with the fields as they were when answered. */
export interface FormSubmissionsTable {
  submission_id: Generated<number>;
  form_id: number;
  form_version: number;
  fields: ColumnType<unknown, string, string>;
  patient_id: number;
  answers: ColumnType<unknown, string, string>;
  submitted_by: number;
  acting_user_id: number | null;
  submitted_at: Timestamp;
}

// The CSV uploads of 0036 (decisions.md "CSV uploads").
export type UploadKindColumn = 'patients' | 'devices' | 'claims';
export type UploadStatusColumn = 'previewed' | 'committed' | 'rejected';
/** How an upload's file columns filled ours. */
export interface UploadColumnMap {
  fields: [string, number][];
  headers: string[];
  ignored: string[];
}
/** One uploaded file with its counts. */
export interface UploadsTable {
  upload_id: Generated<number>;
  kind: UploadKindColumn;
  user_id: number;
  acting_user_id: number | null;
  organization_id: number | null;
  file_name: string;
  content: string;
  size_bytes: number;
  sha256: string;
  column_map: ColumnType<UploadColumnMap, string, string>;
  outcomes: string;
  status: ColumnType<UploadStatusColumn, UploadStatusColumn | undefined, UploadStatusColumn>;
  uploaded_at: Timestamp;
  committed_at: NullableTimestamp;
  all_or_nothing: boolean | null;
  update_existing: boolean | null;
  total_rows: number;
  new_rows: number;
  update_rows: number;
  unchanged_rows: number;
  duplicate_rows: number;
  invalid_rows: number;
  created_rows: ColumnType<number, number | undefined, number>;
  updated_rows: ColumnType<number, number | undefined, number>;
}

/** One problem of one row of an upload. */
export interface UploadProblemsTable {
  upload_id: number;
  row_number: number;
  column_name: string;
  message: string;
}

/** An organisation's column mapping of one kind: {their header: our field}. */
export interface UploadMappingsTable {
  organization_id: number;
  kind: UploadKindColumn;
  mapping: ColumnType<Record<string, string>, string, string>;
  updated_by: number;
  updated_at: Timestamp;
}

// The payers' claim-status lines of 0041 (decisions.md "Billing Uploads", "Denials worklist").
export type ClaimLineStatusColumn = 'paid' | 'denied';
/** A payer's denial reason, kept once. */
export interface ClaimDenialReasonsTable {
  reason_id: Generated<number>;
  reason: string;
}
/** One claim line of a payer's file, as its latest upload reported it. */
export interface ClaimStatusLinesTable {
  line_id: Generated<number>;
  organization_id: number;
  practice_id: number;
  patient_id: number;
  claim_number: string;
  cpt_code: string;
  date_of_service: DateColumn;
  status: ClaimLineStatusColumn;
  amount: NumericColumn;
  denial_reason_id: number | null;
  upload_id: number;
  resubmitted_at: NullableTimestamp;
  resubmitted_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** A status an upload recorded for a line. */
export interface ClaimStatusHistoryTable {
  history_id: Generated<number>;
  line_id: number;
  status: ClaimLineStatusColumn;
  amount: NumericColumn;
  denial_reason_id: number | null;
  upload_id: number;
  recorded_at: Timestamp;
  recorded_by: number;
}

// The invoices and credit notes of 0043 (decisions.md "Invoices"): insert only.
export type InvoiceKindColumn = 'invoice' | 'credit_note';
/** An invoice or a credit note. */
export interface InvoicesTable {
  invoice_id: Generated<number>;
  organization_id: number;
  kind: InvoiceKindColumn;
  number: string;
  sequence: number;
  practice_id: number;
  month: DateColumn;
  issued_at: Timestamp;
  issued_by: number;
  total_cents: number;
  credits_invoice_id: number | null;
  reason: string | null;
  replaces_invoice_id: number | null;
}
/** One line of an invoice or credit note: a code and program billed. */
export interface InvoiceLinesTable {
  invoice_id: number;
  line_no: number;
  rule_id: string;
  code: string;
  description: string;
  program: string;
  units: number;
  patients: number;
  unit_cents: number;
  amount_cents: number;
}

export type Db = Kysely<Database>;

/** Names of the application's tables (schema_migrations excluded), in dependency order. */
export const TABLE_NAMES = [
  'roles',
  'role_pages',
  'languages',
  'programs',
  'device_types',
  'vitals',
  'app_config',
  'users',
  'organizations',
  'practices',
  'locations',
  'location_programs',
  'user_roles',
  'user_practices',
  'user_programs',
  'sessions',
  'login_failures',
  'captcha_used',
  'patients',
  'devices',
  'device_assignments',
  'readings',
  'time_logs',
  'notifications',
  'tasks',
  'check_ins',
  'audit_log',
  'audit_chain_head',
  'audit_seals',
  'fhir_clients',
  'fhir_assertion_jtis',
  'fhir_access_tokens',
  'fhir_bulk_exports',
  'device_webhook_secrets',
  'device_webhook_events',
  'device_events',
  'insurance_default_amounts',
  'patient_reading_days',
  'patient_month_summary',
  'billing_claims',
  'billing_period_codes',
  'billing_period_reports',
  'billing_periods',
  'patient_status_options',
  'patient_status_changes',
  'reading_intervals',
  'vital_defaults',
  'patient_vital_thresholds',
  'patient_weight_settings',
  'notification_rules',
  'notification_rule_vitals',
  'device_vendor_keys',
  'reading_messages',
  'alerts',
  'alert_suppressions',
  'alert_snoozes',
  'suppressed_readings',
  'missed_reading_outreach',
  'activity_timers',
  'patient_notes',
  'tags',
  'patient_tags',
  'patient_diagnoses',
  'patient_medications',
  'patient_allergies',
  'patient_documents',
  'enrollment_orders',
  'order_authorizations',
  'device_orders',
  'care_plan_defaults',
  'care_plan_versions',
  'patient_goals',
  'message_categories',
  'message_templates',
  'sms_provider_keys',
  'patient_reminders',
  'patient_messages',
  'sms_outbox',
  'interpretation_templates',
  'sleep_studies',
  'sleep_interpretations',
  'sleep_study_locks',
  'call_records',
  'transcripts',
  'user_vital_defaults',
  'sleep_consults',
  'sleep_appointments',
  'note_categories',
  'note_comments',
  'device_names',
  'warehouses',
  'insurance_plans',
  'organization_insurances',
  'oral_appliance_cases',
  'hst_billing_prices',
  'athena_vital_exports',
  'organization_protocol_defaults',
  'organization_protocol_vitals',
  'user_note_defaults',
  'organization_insurance_defaults',
  'leads',
  'uploads',
  'upload_problems',
  'upload_mappings',
  'claim_denial_reasons',
  'claim_status_lines',
  'claim_status_history',
  'invoices',
  'invoice_lines',
  'ss_resources',
  'forms',
  'form_submissions',
  'organization_groups',
  'organization_group_members',
  'organization_group_admins',
  'onboarding_submissions',
  'onboarding_documents',
  'onboarding_attempts',
] as const satisfies readonly Exclude<keyof Database, 'schema_migrations'>[];

export type TableName = (typeof TABLE_NAMES)[number];

/** Row types, for code that passes rows around. */
export type NewUser = Insertable<UsersTable>;
export type NewPatient = Insertable<PatientsTable>;

/** A diagnosis on the Clinical tab (0014); the primary one is the source of patients.diagnosis_code. */
export interface PatientDiagnosesTable {
  diagnosis_id: Generated<number>;
  patient_id: number;
  icd10_code: string;
  description: string;
  is_primary: DefaultBoolean;
  resolved_at: NullableTimestamp;
  added_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A medication on the Clinical tab (0014); a stopped one keeps its row. */
export interface PatientMedicationsTable {
  medication_id: Generated<number>;
  patient_id: number;
  name: string;
  dose: string;
  frequency: string;
  start_date: DateColumn;
  stop_date: NullableDateColumn;
  added_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An allergy on the Clinical tab (0014); an inactive one keeps its row. */
export interface PatientAllergiesTable {
  allergy_id: Generated<number>;
  patient_id: number;
  substance: string;
  reaction: string;
  severity: 'mild' | 'moderate' | 'severe';
  active: DefaultBoolean;
  added_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// Organization Groups of 0058 (decisions.md "Organization Groups").
/** Organisations administered together. */
export interface OrganizationGroupsTable {
  group_id: Generated<number>;
  group_name: string;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** An organisation of a group. */
export interface OrganizationGroupMembersTable {
  group_id: number;
  organization_id: number;
}
/** A user who administers a group: they see its organisations (scope.ts). */
export interface OrganizationGroupAdminsTable {
  group_id: number;
  user_id: number;
}

// Onboarding of 0061 (decisions.md "Onboarding").
/** A practice's self-service sign-up and its review. */
export interface OnboardingSubmissionsTable {
  submission_id: Generated<number>;
  reference: string;
  status: ColumnType<
    'submitted' | 'in_review' | 'approved' | 'rejected',
    'submitted' | 'in_review' | 'approved' | 'rejected' | undefined,
    'submitted' | 'in_review' | 'approved' | 'rejected'
  >;
  practice_name: string;
  practice_npi: string;
  practice_address: string;
  practice_phone: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  /** JSON text of [{name, npi, credential}] on insert; parsed on read. */
  providers: ColumnType<unknown, string, string>;
  expected_rpm: number;
  expected_ccm: number;
  expected_pcm: number;
  expected_bhi: number;
  expected_rtm: number;
  signature_name: string;
  signed_at: Timestamp;
  signed_ip: string;
  submitted_at: Timestamp;
  review_started_by: number | null;
  review_started_at: NullableTimestamp;
  decided_by: number | null;
  decided_acting_user_id: number | null;
  decided_at: NullableTimestamp;
  reject_reason: string | null;
  practice_id: number | null;
}
/** A submission's W-9 or signed agreement; the file is in the documents folder. */
export interface OnboardingDocumentsTable {
  document_id: Generated<number>;
  submission_id: number;
  kind: 'w9' | 'agreement';
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
}
/** One submission attempt from an address (the per-address limit). */
export interface OnboardingAttemptsTable {
  client: string;
  attempted_at: Timestamp;
}
