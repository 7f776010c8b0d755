import { Button } from '@blueprintjs/core';
import { PHONE_DIGITS } from '@rpm/shared';
import { useSession } from '../session/SessionProvider';
import { readTempLogin } from '../session/storage';
import { hasCallPanel } from '../shell/call-panel-toggle';
import type { CALL_EVENTS } from './CallPanel';
import { CALL_TEXT } from './call-texts';

/** The patient's number as the softphone dials it after '+1': its last ten digits (000 §5). */
function digitsOf(raw: string | null): string | null {
  const digits = (raw ?? '').replace(/\D/g, '');
  return digits.length >= PHONE_DIGITS ? digits.slice(-PHONE_DIGITS) : null;
}

/**
 * The chart's call button (000 §5, §4.9): for a call agent, only when the current patient has a mobile (or phone)
 * number; it dispatches make_task_call_mobile (or make_task_call_phone), which the call panel dials.
 */
export function CallPatientButton({
  patient,
}: {
  patient: { patient_id: number; mobile: string | null; phone: string | null };
}) {
  const { user } = useSession();
  // The stored tempLogin flag (000 §3), as the menus read it: the chart renders outside the session machines too.
  const active = readTempLogin();
  const mobile = digitsOf(patient.mobile);
  const phone = digitsOf(patient.phone);
  if (!user || !hasCallPanel(user, active) || (mobile === null && phone === null)) return null;
  const type: (typeof CALL_EVENTS)[number] =
    mobile !== null ? 'make_task_call_mobile' : 'make_task_call_phone';
  const number = mobile ?? phone;
  return (
    <Button
      icon="phone"
      variant="minimal"
      onClick={() =>
        window.dispatchEvent(new CustomEvent(type, { detail: { patient_id: patient.patient_id, number } }))
      }
    >
      {CALL_TEXT.callPatient}
    </Button>
  );
}
