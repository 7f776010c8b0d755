import type { DemoOrganizationKey } from './demo-organizations.js';

export const DEMO_PASSWORD = 'Demo-pass-2026!';

/** User flags a demo user sets (all others false or null). */
export interface DemoUserFlags {
  readonly isDentist?: boolean;
  readonly isSleeplabUser?: boolean;
  readonly isOnboarding?: boolean;
  readonly isInterpretingPrac?: boolean;
  readonly onlyCoRead?: boolean;
  readonly isExternalCareCoord?: boolean;
  readonly awsLink?: string;
}

/** One demo sign-in. */
export interface DemoUser {
  readonly username: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly roles: readonly number[];
  /** Home organisation; 'all' belongs to every organisation and practice. */
  readonly organization: DemoOrganizationKey | 'all';
  /** How many of the organisation's practices (first ones) the user belongs to. */
  readonly practices: 1 | 2;
  readonly flags: DemoUserFlags;
  /** Days since the password was changed (default 10). */
  readonly passwordAgeDays?: number;
  /** What signing in as this user shows. */
  readonly description: string;
  /** An enrolled TOTP factor with this base32 secret (the demo of the second sign-in step). */
  readonly totpSecret?: string;
}

/** The TOTP secret of the demo user with multi-factor sign-in; the server prints it with the demo sign-ins. */
export const DEMO_TOTP_SECRET = 'RPMDEMOTOTPSECRETFORMFADEMOUSER2';

/** The demo nurse (role 8), whose monitoring worklist the demo fills (seed-worklists.ts, name-twin.ts). */
export const DEMO_NURSE = 'role8@demo.test';

/** The contact-centre link of the agent demo user. */
export const DEMO_AWS_LINK = 'https://demo-clinic.my.connect.aws/ccp-v2';

/** Every demo sign-in: one per staff role, plus users for the flags that change the start page or menus. */
export const DEMO_USERS = [
  {
    username: 'role1@demo.test',
    firstname: 'Avery',
    lastname: 'Collins',
    roles: [1],
    organization: 'all',
    practices: 2,
    flags: { isOnboarding: true },
    description: 'Top administrator: every organisation, practice and page; may log in as other users.',
  },
  {
    username: 'role2@demo.test',
    firstname: 'Marcus',
    lastname: 'Bennett',
    roles: [2],
    organization: 'northwind',
    practices: 2,
    flags: {},
    description:
      'Organisation administrator (Northwind): dashboards, patients, staff and organisation tables.',
  },
  {
    username: 'role3@demo.test',
    firstname: 'Priya',
    lastname: 'Raman',
    roles: [3],
    organization: 'northwind',
    practices: 1,
    flags: {},
    passwordAgeDays: 60,
    description: 'Clinical user whose password is 60 days old: sign-in shows the 45-day password notice.',
  },
  {
    username: 'role5@demo.test',
    firstname: 'Daniel',
    lastname: 'Okafor',
    roles: [5],
    organization: 'riverside',
    practices: 2,
    flags: {},
    description: 'Practice lead (Riverside): dashboards, patients, monitoring, RPM protocol defaults.',
  },
  {
    username: 'role6@demo.test',
    firstname: 'Elena',
    lastname: 'Vasquez',
    roles: [6],
    organization: 'northwind',
    practices: 1,
    flags: {},
    description: 'Physician: dashboard, patient chart, monitoring, spirometry; check-ins on opening a chart.',
  },
  {
    username: 'role8@demo.test',
    firstname: 'Grace',
    lastname: 'Kim',
    roles: [8],
    organization: 'northwind',
    practices: 1,
    flags: {},
    description: 'Nurse: monitoring, patient chart and tasks; check-ins on opening a chart.',
  },
  {
    username: 'role9@demo.test',
    firstname: 'Jamal',
    lastname: 'Carter',
    roles: [9],
    organization: 'riverside',
    practices: 1,
    flags: {},
    description: 'Care coordinator (Riverside): patients, monitoring, tasks, care-coordinator search.',
  },
  {
    username: 'role10@demo.test',
    firstname: 'Linda',
    lastname: 'Morales',
    roles: [10],
    organization: 'northwind',
    practices: 2,
    flags: {},
    description: 'Biller: starts on the Billing Dashboard; billing reports and organisation search.',
  },
  {
    username: 'role11@demo.test',
    firstname: 'Kevin',
    lastname: 'Walsh',
    roles: [11],
    organization: 'riverside',
    practices: 2,
    flags: {},
    description: 'Biller (second billing role): Billing Dashboard, billing reports including sleep billing.',
  },
  {
    username: 'role13@demo.test',
    firstname: 'Sofia',
    lastname: 'Rossi',
    roles: [13],
    organization: 'riverside',
    practices: 1,
    flags: {},
    description: 'Medical assistant: monitoring and patient chart; check-ins on opening a chart.',
  },
  {
    username: 'role14@demo.test',
    firstname: 'Tyler',
    lastname: 'Brooks',
    roles: [14],
    organization: 'northwind',
    practices: 1,
    flags: {},
    description:
      'Sales representative: starts on the Sales Rep Dashboard; sales practice dashboard and leads.',
  },
  {
    username: 'role15@demo.test',
    firstname: 'Hannah',
    lastname: 'Schultz',
    roles: [15],
    organization: 'northwind',
    practices: 1,
    flags: {},
    description: 'Scheduler: dashboard, patients, tasks, sleep appointments and consults.',
  },
  {
    username: 'role16@demo.test',
    firstname: 'Omar',
    lastname: 'Haddad',
    roles: [16],
    organization: 'lakeside',
    practices: 1,
    flags: {},
    description: 'Sleep reader: starts on Sleep Tests; co-reads and custom interpretation config.',
  },
  {
    username: 'role17@demo.test',
    firstname: 'Rachel',
    lastname: 'Nguyen',
    roles: [17],
    organization: 'lakeside',
    practices: 1,
    flags: {},
    description: 'Sleep coordinator: starts on Sleep Tests; co-reads, sleep billing, organisation search.',
  },
  {
    username: 'role18@demo.test',
    firstname: 'Carlos',
    lastname: 'Mendes',
    roles: [18],
    organization: 'lakeside',
    practices: 1,
    flags: {},
    description: 'Dental and sleep-lab staff: starts on the Dental Dashboard; sleep-lab table.',
  },
  {
    username: 'role20@demo.test',
    firstname: 'Ben',
    lastname: 'Fischer',
    roles: [20],
    organization: 'northwind',
    practices: 1,
    flags: {},
    description: 'Technician: starts on the technician calendar; device inventory tables.',
  },
  {
    username: 'dentist@demo.test',
    firstname: 'Laura',
    lastname: 'Chen',
    roles: [6],
    organization: 'lakeside',
    practices: 1,
    flags: { isDentist: true },
    description: 'Dentist (role 6): starts on the Dental Dashboard and sees only it in the menu.',
  },
  {
    username: 'interpreting@demo.test',
    firstname: 'Samuel',
    lastname: 'Adeyemi',
    roles: [6],
    organization: 'lakeside',
    practices: 1,
    flags: { isInterpretingPrac: true },
    description: 'Interpreting physician (role 6): starts on Sleep Tests; no 5-minute idle check.',
  },
  {
    username: 'sleeplab@demo.test',
    firstname: 'Nina',
    lastname: 'Petrova',
    roles: [5],
    organization: 'lakeside',
    practices: 1,
    flags: { isSleeplabUser: true },
    description: 'Sleep-lab user (role 5): starts on the Sleep Lab table and sees only it in the menu.',
  },
  {
    username: 'coread@demo.test',
    firstname: 'Victor',
    lastname: 'Lindqvist',
    roles: [16],
    organization: 'lakeside',
    practices: 1,
    flags: { onlyCoRead: true },
    description: 'Co-read-only sleep reader (role 16): starts on Sleep Tests Co-Read.',
  },
  {
    username: 'extcare@demo.test',
    firstname: 'Megan',
    lastname: "O'Brien",
    roles: [9],
    organization: 'riverside',
    practices: 2,
    flags: { isExternalCareCoord: true },
    description: 'External care coordinator (role 9): the menu shows Practices, Locations and Programs only.',
  },
  {
    username: 'agent@demo.test',
    firstname: 'Andre',
    lastname: 'Silva',
    roles: [8],
    organization: 'northwind',
    practices: 2,
    flags: { awsLink: DEMO_AWS_LINK },
    description: 'Nurse with a contact-centre link: the call panel and the AWS call pages.',
  },
  // Last, and a billing role, so the seed's random draws and care teams of the users above stay as they were.
  {
    username: 'mfa@demo.test',
    firstname: 'Iris',
    lastname: 'Novak',
    roles: [10],
    organization: 'northwind',
    practices: 1,
    flags: {},
    totpSecret: DEMO_TOTP_SECRET,
    description: `Biller with multi-factor sign-in: after the password, a code from an app with secret ${DEMO_TOTP_SECRET}.`,
  },
] as const satisfies readonly DemoUser[];
