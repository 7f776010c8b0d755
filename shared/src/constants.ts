// Over 300 lines: the spec's constants in spec order, each with its section; one place to look them up.
/**
 * Business constants and limits of the spec, each with the section it comes from.
 * 000 = application shell (spec/000_*.txt), 001 = feature screens (spec/001_*.txt).
 */

// Product naming

/** The product's name where the spec writes "{product}" (000 §2.4, 001 §2.1, §3; decisions.md "Product name"). */
export const PRODUCT = 'RPM';

/** "{product}" inside URL paths, e.g. '/app/rpm-billing' (000 §2.4; decisions.md "Product name"). */
export const PRODUCT_SLUG = 'rpm';

// 000 §9: session and activity

/** Idle session limit, added to the last-activity time on every key or mouse press (000 §4.1, §9). */
export const SESSION_IDLE_MS = 600_000;

/** Interval of the session expiry check (000 §4.1, §9). */
export const SESSION_CHECK_INTERVAL_MS = 300_000;

/** Activity ping idle timeout (000 §9). */
export const ACTIVITY_PING_IDLE_MS = 300_000;

/** Activity ping interval: the periodic session check (status 1) when the user was active (000 §4.1, §9). */
export const ACTIVITY_PING_INTERVAL_MS = 300_000;

/** Idle timer inside the 'Session Timeout' dialog (000 §4.1, §9). */
export const DIALOG_IDLE_MS = 120_000;

/** Debounce of key and mouse activity (000 §4.1, §9). */
export const ACTIVITY_DEBOUNCE_MS = 250;

// 000 §9: notifications, tasks, search, snackbars

/** Unread-notification poll interval (000 §4.6, §9). */
export const NOTIFICATION_POLL_MS = 600_000;

/** How long a cached unread count is used before asking the server again (000 §4.6, §9). */
export const NOTIFICATION_CACHE_MS = 600_000;

/** Incomplete-task count polling (000 §7, §9). */
export const TASK_POLL_MS = 600_000;

/** The My Tasks badge shows at most this number (000 §2.7, §9). */
export const TASK_BADGE_CAP = 99;

/** Maximum length of a sent notification message (000 §5, §9). */
export const NOTIFICATION_MESSAGE_MAX = 300;

/** The search box suggests at most this many menu entries (000 §2.7, §9). */
export const SEARCH_SUGGESTIONS_MAX = 5;

/**
 * The header search's patients (the spec has none): at most this many, the best first. A search box
 * answers a patient the user means to open, not a list to browse (the patients list does that).
 */
export const PATIENT_SEARCH_MAX = 8;

/** The header search offers this many of the charts the user opened last, on focus. */
export const RECENT_CHARTS_MAX = 5;

/** Typing pauses this long before the header search asks for patients (ours: about one keystroke's gap). */
export const PATIENT_SEARCH_DEBOUNCE_MS = 250;

/** Snackbar auto-hide (000 §2.8, §9; 001 §8, §9). */
export const SNACKBAR_MS = 3000;

/** The generic red or green snackbar (001 §8, §9). */
export const SNACKBAR_SHORT_MS = 1500;

/** The Add Admin top-right error bar hides after this (001 §8, §9). */
export const ERROR_BAR_MS = 3000;

/** Width of the notification bell popup (000 §2.8, §9). */
export const BELL_POPUP_WIDTH_PX = 350;

// 000 §9: languages and locale

/** Language ids: 1 is the default (no translation), 2 Arabic, 3 Spanish (000 §4.7, §9). */
export const LANGUAGE = { default: 1, arabic: 2, spanish: 3 } as const;

/** Translation `source` per language id; any other id sends '' (000 §7 rpm/translation/translateText). */
export const TRANSLATION_SOURCE: Readonly<Record<number, string>> = {
  [LANGUAGE.arabic]: 'ar',
  [LANGUAGE.spanish]: 'es',
};

/** The one locale (000 §3, §9). */
export const LOCALE = 'en';

// 000 §9: layout, scrolling and page loading

/** Scroll thresholds in px: header darkens, header shows the title, menu becomes fixed (000 §2.7, §9). */
export const SCROLL = { headerDark: 30, headerTitle: 40, menuFixed: 64 } as const;

/** Widths of the small-screen swipe drawer (000 §2.7, §9). */
export const DRAWER_WIDTHS_PX = [300, 280] as const;

/** Page transition timeout (000 §9). */
export const PAGE_TRANSITION_MS = 700;

/** After navigation the page transition restarts after this delay (000 §4.11, §9). */
export const ROUTE_CHANGE_DELAY_MS = 500;

/** The progress bar advances by a random step up to this value (000 §4.11, §9). */
export const PROGRESS_STEP_MAX = 40;

/** The progress bar advances at this interval (000 §4.11, §9). */
export const PROGRESS_INTERVAL_MS = 500;

/** Main app height is the window height plus this (000 §9). */
export const APP_HEIGHT_EXTRA_PX = 112;

/** Call panel height in percent; the menu gets the rest (000 §2.12). */
export const CALL_PANEL_HEIGHT_PCT = 65;

/** Menu height in percent while the call panel shows (000 §2.12). */
export const CALL_MENU_HEIGHT_PCT = 35;

/** Layouts (000 §3). */
export const LAYOUTS = [
  'left-sidebar',
  'big-sidebar',
  'right-sidebar',
  'top-navigation',
  'mega-menu',
] as const;

/** Background positions (000 §3). */
export const BG_POSITIONS = ['header', 'half', 'full'] as const;

/** The 17 themes, each with a light and a dark palette (000 §3). */
export const THEMES = [
  'purpleRed',
  'greenOrange',
  'magenta',
  'purple',
  'blue',
  'orange',
  'cyan',
  'red',
  'skyBlue',
  'grey',
  'yellowBlue',
  'pinkBlue',
  'yellowCyan',
  'blueCyan',
  'greenPurple',
  'pinkGreen',
  'gold',
] as const;

/** Number of images in the avatar set (000 §3). */
export const AVATAR_COUNT = 11;

/** Steps of the guide dialog (000 §2.7, §9). */
export const GUIDE_STEPS = 5;

// 000 §9: calls, tabs and real time

/** Delay of the blur message after a call ends (000 §4.9, §9). */
export const CALL_BLUR_DELAY_MS = 1000;

/** The same delay in the sidebar variant (000 §4.9, §9). */
export const CALL_BLUR_DELAY_SIDEBAR_MS = 2000;

/** A tab sends blur this long after a focus (000 §4.10). */
export const TAB_BLUR_DELAY_MS = 1000;

/** Prefix of outbound call numbers; stripped before a patient lookup (000 §4.9, §5, §9). */
export const PHONE_PREFIX = '+1';

/** Region of the cloud contact centre (000 §2.12, §9). */
export const AWS_REGION = 'us-east-1';

/** Real-time socket reconnect retry (000 §4.11, §9). */
export const SOCKET_RECONNECT_MS = 1000;

/** Agent presence options, spelled as the spec spells them ('bussy') (000 §4.9, §9). */
export const AGENT_PRESENCE = ['online', 'idle', 'bussy', 'offline'] as const;

/** Call outcome statuses reported to rpm/aws/setCallStatus (000 §4.9, §7). */
export const CALL_STATUSES = ['Missed', 'Accepted', 'Called'] as const;

// Roles (000 §1, §6; 001 §6)

/** Every role id the spec shows (000 §6). Role names are not shown. */
export const ROLE_IDS = [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 20] as const;

/** Patients are records with this role id (000 §1; 001 §6). */
export const PATIENT_ROLE_ID = 7;

/** Administrators (000 §2.3): the one role that may sign in as another user (temporary login) or reset a factor. */
export const ADMIN_ROLE_ID = 1;

/** Lowest role ids that add a check-in entry on opening a patient (000 §4.6, §6.2; 001 §6). */
export const CHECK_IN_ROLE_IDS = [6, 8, 13] as const;

/** Roles that may use the organisation/practice search selector in toolbars (000 §6.2; 001 §2.4). */
export const CUSTOM_SEARCH_ROLE_IDS = [1, 10, 17] as const;

/** The care-coordinator role, which may search care coordinators in toolbars (000 §6.2; 001 §2.4). */
export const CARE_COORDINATOR_SEARCH_ROLE_ID = 9;

// Browser storage (000 §3)

/** Keys of browser storage; tabId lives in session storage, the others in local storage (000 §3). */
export const STORAGE_KEYS = {
  user: 'user',
  mainUser: 'mainUser',
  tempLogin: 'tempLogin',
  tempDash: 'tempDash',
  redirectUrl: 'redirectUrl',
  tabId: 'tabId',
} as const;

/** Cookie holding the last-activity unix time (000 §3). */
export const LAST_ACTIVITY_COOKIE = 'lastActivity';

// Passwords (000 §4.3, §9; 001 §5, §9)

/** A password older than this many days gets the change notice (000 §4.3, §9; 001 §9). */
export const PASSWORD_MAX_AGE_DAYS = 45;

/** Strength bands (001 §5, §9). */
export const PASSWORD_STRENGTH = { tooShort: 0, weak: 33, good: 66, strong: 100 } as const;

/** Minimum length for 'Good' (001 §5, §9). */
export const PASSWORD_MIN_GOOD = 6;

/** Minimum length for 'Strong' (001 §5, §9). */
export const PASSWORD_MIN_STRONG = 8;

/** The symbols that count towards 'Strong' (001 §5). */
export const PASSWORD_SYMBOLS = '!@#$%^&*';

// 001 §9: lists, billing and rules

/** Rows-per-page options (001 §2.1, §9). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Default rows per page (001 §2.1, §9). */
export const DEFAULT_PAGE_SIZE = 10;

/** Billing years run from this year to the current year (001 §9). */
export const BILLING_FIRST_YEAR = 2020;

/** A new rule's end date, 12/31/2099, as an ISO date (001 §4, §9). */
export const RULE_DEFAULT_END_DATE = '2099-12-31';

/** Notification-rule status filter values (001 §2.2, §9). */
export const RULE_STATUS_FILTER = { all: 0, active: 1, inactive: 2 } as const;

/** Default vital thresholds (001 §9). */
export const DEFAULT_THRESHOLDS = {
  critical_low: 20,
  abnormal_low: 40,
  abnormal_high: 60,
  critical_high: 80,
} as const;

/** Vital 5, the sleep-apnea type, whose high bounds default to 100 (001 §9). */
export const SLEEP_APNEA_VITAL_ID = 5;

/** Default high bounds of vital 5 (001 §9). */
export const SLEEP_APNEA_HIGH_DEFAULT = 100;

/** Slider maximums per vital kind; `other` for every vital not named (001 §9). */
export const SLIDER_MAX = {
  weight: 400,
  usage: 24,
  spo2: 100,
  ahi: 100,
  leaks: 100,
  bloodGlucose: 650,
  other: 220,
} as const;

/** Speech settings of the IVR note (001 §2.2, §9). */
export const IVR_SPEECH = { volume: 0.5, rate: 0.95, pitch: 0.7, lang: 'en-GB' } as const;

/** Compliance target in reading days per month (001 §2.3, §9). */
export const COMPLIANCE_TARGET_DAYS = 16;

/** RPM time goal in minutes, code 99457 (001 §9). */
export const RPM_TIME_GOAL_MIN = 20;

/** Additional RPM time goal in minutes, code 99458 (001 §9). */
export const RPM_ADDITIONAL_TIME_GOAL_MIN = 40;

/** CCM time goals in minutes and their codes: by ccmType 1, otherwise (001 §9). */
export const CCM_TIME_GOALS = {
  type1: { time: 30, timeCode: '99426', additional: 60, additionalCode: '99427' },
  other: { time: 20, timeCode: '99490', additional: 40, additionalCode: '99439' },
} as const;

/** Every CPT code the spec counts (001 §3, §9). */
export const CPT_CODES = [
  '99453',
  '99454',
  '99457',
  '99458',
  '99490',
  '99439',
  '99426',
  '99427',
  '98980',
  '98981',
] as const;

/** Squares in the compliance strip, one per month (001 §2.9, §9). */
export const COMPLIANCE_STRIP_MONTHS = 5;

/** The compliance strip counts from this many months back (001 §2.9). */
export const COMPLIANCE_STRIP_MONTHS_BACK = 6;

/** Earliest date of birth, in days before today (about 130 years) (001 §5, §9). */
export const DOB_EARLIEST_DAYS = 47_450;

/** Phone, mobile and fax numbers have ten digits (001 §5, §9). */
export const PHONE_DIGITS = 10;

/** Width of the list filter drawer (001 §2.4, §9). */
export const FILTER_DRAWER_WIDTH = 375;

/** Default calendar event colour (001 §9). */
export const DEFAULT_EVENT_COLOUR = '#EC407A';

/** Sleep billing report types (001 §2.4, §9). */
export const SLEEP_REPORT_TYPES = { 1: 'HST', 2: 'Interpretation', 3: 'Consultation' } as const;

/** Appointment statuses (001 §2.4, §9). */
export const APPOINTMENT_STATUSES = {
  2: 'Scheduled',
  3: 'Completed',
  4: 'No Show',
  6: 'Connectivity Issue',
} as const;

/** Consult types (001 §2.4, §9). */
export const CONSULT_TYPES = {
  1: 'Evaluation',
  2: 'Impression',
  3: 'Evaluation & Impression',
  4: 'Insertion',
  5: 'Follow up',
} as const;
