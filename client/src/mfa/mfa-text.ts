/**
 * The texts of multi-factor sign-in (the spec has none), apart from the enrolment screen: the sign-in page shows the
 * code step without loading that screen's code (issue 45 §4).
 */
export const MFA_TEXT = {
  codeLabel: 'Authentication code',
  stepTitle: 'Multi-factor sign-in',
  codeHint: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  verify: 'Verify',
  back: 'Back to sign in',
  setUpTitle: 'Set up multi-factor sign-in',
  required: 'Your role requires multi-factor sign-in. Set it up to continue.',
  enrolledSignInAgain: 'Multi-factor sign-in is set up. Sign in again with a code from your app.',
  scan: 'Scan the QR code with an authenticator app, or enter this key in it:',
  qrAlt: 'QR code for your authenticator app',
  confirm: 'Confirm',
  invalidCode: '*Invalid authentication code',
  recoveryIntro:
    'Multi-factor sign-in is set up. Keep these recovery codes somewhere safe: each signs you in once without the app. They are not shown again.',
  done: 'Done',
  on: 'Multi-factor sign-in is on: sign-in asks for a code from your authenticator app.',
  off: 'Multi-factor sign-in is off. Set it up to have sign-in ask for a code from an authenticator app.',
  recoveryLeft: (n: number) => `Recovery codes left: ${n}.`,
  setUp: 'Set up',
  turnOff: 'Turn off',
} as const;
