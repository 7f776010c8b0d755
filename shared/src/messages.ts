import { COMPLIANCE_TARGET_DAYS } from './constants.js';

/**
 * The message catalogue: every text the user sees that the spec quotes, verbatim (spelling included).
 * 000 = application shell, 001 = feature screens. Keys are camelCase; groups name their spec section.
 */
export const MSG = {
  // 000 §2.1 shell
  breadcrumbLabel: 'You are here:',

  // 000 §2.5 sign-in page
  signInTitle: 'Sign In',
  signInSubtitle: 'Sign in with your email id',
  signInButton: 'Sign in',
  invalidCredentials: '*Invalid Username or Password',

  // 000 §2.6 other unauthenticated pages
  registerTitle: 'Register',
  registerWithEmail: 'With Email',
  registerWithSocialMedia: 'With Social Media',
  registerUsernameLabel: 'Username',
  alreadyHaveAccount: 'Already have account ?',
  resetTitle: 'Send reset password link to Your email',
  sendResetLink: 'Send Reset Link',
  notFoundCode: '404',
  notFoundTitle: 'Page Not Found',
  goToDashboard: 'Go To Dashboard',
  /** Also 001 §2.10. */
  notFoundOops: 'Oops, Page Not Found :(',

  // 000 §2.7 header, menus, search and guide
  fullScreen: 'Full Screen',
  exitFullScreen: 'Exit Full Screen',
  showGuide: 'Show Guide',
  vitalConfiguration: 'Vital Configuration',
  home: 'Home',
  homeTooltip: 'Open Your Dashboard',
  userProfile: 'User Profile',
  customInterpretationConfig: 'Custom Interpretation Config',
  ccmCarePlanDefaults: 'CCM Care Plan Defaults',
  alert: 'Alert',
  searchInvalid: 'Search Cannot be Empty or contain Special Characters',
  ok: 'OK',
  guideWelcome: 'Hi welcome',
  guideDarkLight: 'Dark and Light Mode',
  guideThemes: 'Themes and Layout',
  guideSearch: 'Search Components and Pages',
  guideCode: 'Code Preview',
  next: 'Next',
  back: 'Back',
  done: 'Done',
  showCode: 'Show Code',
  hideCode: 'Hide Code',

  // 000 §2.8 notification bell popup, §4.6
  noAlerts: 'No alerts for you',
  loading: 'Loading...',
  clearAllConfirm: 'Are you sure, you want to close all notifications?',
  yes: 'Yes',
  no: 'No',
  updatedSuccessfully: 'Updated Successfully',

  // 000 §2.9 send-notification dialog, §2.10 organisation forms, §2.11 more information
  userType: 'User Type',
  users: 'Users',
  message: 'Message',
  save: 'Save',
  close: 'Close',
  organizationName: 'Organization Name',
  sourceLanguage: 'Source Language',
  translate: 'Translate',
  organizationDescription: 'Organization Description',
  translatedValue: 'Translated Value',
  translatedNote: 'Translated Note',
  moreInformation: 'More Information',

  // 000 §4.1 session, §4.3 sign-in
  sessionTimeoutTitle: 'Session Timeout',
  sessionTimeoutBody: "You're Session is about to Expire",
  extendSession: 'Extend Session',
  loginSuccessful: 'Login Successful',
  /** Also 001 §4 and §8. */
  passwordOld: 'Your password has not been changed for more than 45 days',

  // 000 §5 validation, §8 error catalogue
  required: 'Required',
  invalidEmail: 'Invalid email',
  passwordsDontMatch: 'Passwords dont match',
  invalidName: 'Invalid Name',
  nameSpecialChars: 'Name cannot contain special characters',
  descriptionSpecialChars: 'Description cannot contain special characters',
  enterText: 'Please enter text.',
  messageLimit: 'Max character limit is 300',
  userTypeNotSelected: 'User type is not selected',
  userNotSelected: 'User is not selected',
  messageTooLong: 'Message max character exceeded',
  mapPatient: 'Map Patient',
  goToEvent: 'Go To Event',
  loggedInElsewhere: 'System is logging you out because login from another device is detected',
  pastSessionExpired: 'The system is logging you out due to the expiration of your past login session',
  /** Also 001 §2.2 and §8 (with a Reload button). */
  cantConnect: "Can't Connect to server. Please Try again",
  /** A 401 without one of the two spec texts above (decisions.md "Invalid session answer"). */
  notAuthorised: 'Your session is not valid. Please sign in again.',

  // 001 §2.1 billing report
  /** '{product} Billing Report' with PRODUCT = 'RPM'. */
  billingReportTitle: 'RPM Billing Report',
  colRpmId: 'RPM ID',
  colPatientName: 'Patient Name',
  colDob: 'DOB',
  colDiagnosisCode: 'Diagnosis Code',
  colSetupDate: 'Setup Date',
  colAuthNumber: 'Auth Number',
  colClaimSent: 'Claim Sent',
  searchPractice: 'Search Practice',

  // 001 §3 billing code column names (the '{N} Days Readings' one is billingDaysReadings())
  codeSetup: 'Setup',
  codeRpmTime20: 'RPM Time-20 mins',
  codeRpmTime40: 'RPM Time-40 mins',
  codeRpmTime60: 'RPM Time-60 mins',

  // 001 §2.2 notification rules
  patientChart: 'Patient Chart',
  statusAll: 'All',
  statusActive: 'Active',
  statusInactive: 'InActive',
  addNew: 'Add New',
  colDevice: 'Device',
  colInterval: 'Interval',
  colStartDate: 'Start Date',
  colEndDate: 'End Date',
  colMonitoringLevels: 'Monitoring Levels',
  colStatus: 'Status',
  edit: 'Edit',
  addNewRule: 'Add New Rule',
  editRule: 'Edit Rule',
  vitalMonitoringLevels: 'Vital Monitoring Levels',
  resumeMonitoring: 'When would you like to resume patient monitoring?',
  reload: 'Reload',
  changeStartDate: 'Change Start Date',
  weightGainLoss: 'Weight Gain or Loss Notification',
  ivrNote: 'IVR Note',
  playIvrNote: 'Play IVR Note',
  readingMonitoring: 'Reading Monitoring',
  noDeviceAvailable: 'No Device Available',

  // 001 §2.3 patient dashboard card
  update: 'Update',
  rejectReasonEmpty: 'Not Available',
  rejectCommentEmpty: '-',

  // 001 §2.4 filters and print, §2.5-2.10 other screens
  startDateRequired: 'Start Date*',
  endDateRequired: 'End Date*',
  printPdf: 'PDF',
  printCsv: 'CSV',
  noRecordsFound: 'No Records Found',
  noDataFound: 'No Data Found',
  passwordsMatch: 'Passwords match',
  passwordsDoNotMatch: 'Passwords do not match',
  addAdmin: 'Add Admin',
  selectAdmin: 'Select Admin',
  addNewAdmin: 'Add New Admin',
  noOptions: 'No options',
  noOptionsCapital: 'No Options',

  // 001 §5 validation, §8 error catalogue
  selectDevice: 'Select a Device',
  invalidStartDate: 'Invalid Start Date',
  invalidEndDate: 'Invalid End Date',
  invalidDateRange: 'Invalid Date Range',
  invalidDate: 'Invalid Date',
  messageSpecialChars: 'Message cannot contain special characters',
  confirmPasswordMismatch: 'Confirm Password do not match',
  newPasswordTooShort: 'New Password too short',
  newPasswordSame: 'New Password cannot be same as the previous password',
  passwordTooShort: 'Password should contain more than 6 characters',
  invalidNumber: 'Invalid number',
  invalidMobile: 'Invalid Mobile Number',
  invalidPhone: 'Invalid Phone Number',
  invalidFax: 'Invalid Fax Number',
  invalidDob: 'Invalid DOB',
  usernameExists: 'Username already Exists',
  selectUser: 'Select a User',
  firstNameSpecialChars: 'First Name cannot contain special characters',
  lastNameSpecialChars: 'Last Name cannot contain special characters',
  passwordInvalid: 'Your Password was Invalid',
  passwordUpdated: 'Password Updated',
  addedSuccessfully: 'Added Successfully',

  // 001 §5 password strength labels
  strengthStrong: 'Strong',
  strengthGood: 'Good',
  strengthWeak: 'Weak',
  strengthTooShort: 'Too short',
} as const;

/**
 * The too-many-attempts text for a 429 sign-in answer (000 §4.3, §8; 001 §8; decisions.md "Too-many-attempts text").
 */
export function tooManyAttempts(retryAfterSeconds: number): string {
  const minutes = Number.isFinite(retryAfterSeconds) ? Math.max(1, Math.ceil(retryAfterSeconds / 60)) : 1;
  return `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Title of the error dialog for a failed call with a response (000 §8). */
export function alertTitle(status: number): string {
  return `Alert - ${status}`;
}

/** The prompt on an incoming voice call with a patient id (000 §4.9). */
export function incomingCallPrompt(patientId: string | number): string {
  return `open patient chart with patient id ${patientId}`;
}

/** The '{N} Days Readings' billing code column (001 §3; decisions.md "Billing days column"). */
export function billingDaysReadings(days: number = COMPLIANCE_TARGET_DAYS): string {
  return `${days} Days Readings`;
}
