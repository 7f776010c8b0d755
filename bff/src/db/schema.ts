import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

// Kysely types of the tables in migrations/*.sql. Value types match what both engines return through
// type-parsers.ts: int8 and numeric as number, date and timestamptz as Date, jsonb parsed.

/** A timestamptz the caller must give on insert. Accepts a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz with a database default (`now()`): optional on insert. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable timestamptz. */
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
/** A numeric column, read as a number. */
export type NumericColumn = ColumnType<number, number | string, number | string>;
/** A boolean with a database default. */
export type DefaultBoolean = ColumnType<boolean, boolean | undefined, boolean>;
/** A bigint identity key, read as a number (see type-parsers.ts). */
export type BigIdentity = Generated<number>;
/**
 * A jsonb column: read parsed, written as JSON text (`JSON.stringify(...)`), because node-postgres would turn a
 * JavaScript array into a PostgreSQL array literal.
 */
export type JsonColumn = ColumnType<unknown, string | null | undefined, string | null>;

/** Role ids (spec 000 §6); names are not in the spec. */
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
}

export interface VitalsTable {
  vital_id: number;
  vital_type: string;
  device_type_id: number;
  unit: string;
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
}

export interface DeviceAssignmentsTable {
  device_assign_id: Generated<number>;
  inventory_id: number;
  patient_id: number;
  assigned_at: DefaultTimestamp;
  unassigned_at: NullableTimestamp;
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
}

/** Bookkeeping of migrate.ts. */
export interface SchemaMigrationsTable {
  version: string;
  name: string;
  applied_at: DefaultTimestamp;
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
  patients: PatientsTable;
  devices: DevicesTable;
  device_assignments: DeviceAssignmentsTable;
  readings: ReadingsTable;
  time_logs: TimeLogsTable;
  notifications: NotificationsTable;
  tasks: TasksTable;
  check_ins: CheckInsTable;
  audit_log: AuditLogTable;
  schema_migrations: SchemaMigrationsTable;
}

/** The database handle used across the BFF. */
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
] as const satisfies readonly Exclude<keyof Database, 'schema_migrations'>[];

/** One application table's name. */
export type TableName = (typeof TABLE_NAMES)[number];

/** Row types, for code that passes rows around. */
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Patient = Selectable<PatientsTable>;
export type NewPatient = Insertable<PatientsTable>;
export type Session = Selectable<SessionsTable>;
export type Notification = Selectable<NotificationsTable>;
export type Task = Selectable<TasksTable>;
export type Reading = Selectable<ReadingsTable>;
export type TimeLog = Selectable<TimeLogsTable>;
