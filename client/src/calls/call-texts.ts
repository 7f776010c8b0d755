/** The call panel's texts: the spec's prompt verbatim (000 §4.9); the rest ours (decisions.md "Call panel texts"). */
export const CALL_TEXT = {
  prompt: (patientId: number) => `open patient chart with patient id ${patientId}`,
  open: 'Open',
  dismiss: 'Cancel',
  demoLabel: 'Demo contact centre',
  inProgress: 'Call in progress',
  otherTab: 'The softphone is open in another tab of this browser.',
  takeHere: 'Use the softphone in this tab',
  logMinutes: (minutes: number) => `Log this call's ${minutes} min as`,
  skipMinutes: 'Skip',
  minutesLogged: (minutes: number) => `${minutes} min logged`,
  callerNumber: "Caller's number",
  ring: 'Simulate incoming call',
  answer: 'Answer',
  miss: 'Let it ring out',
  hangUp: 'Hang up',
  callPatient: 'Call patient',
} as const;
