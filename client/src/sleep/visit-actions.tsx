import { Button, ButtonGroup, Intent } from '@blueprintjs/core';
import {
  cancelSleepAppointment,
  cancelSleepConsult,
  SLEEP_VISIT_NEXT,
  SLEEP_VISIT_SCHEDULED,
  SLEEP_VISIT_STATUS,
  type SleepVisitStatusCode,
  setSleepAppointmentStatus,
  setSleepConsultStatus,
} from '@rpm/shared';
import { useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';

/** A consult or an appointment. */
export type VisitKind = 'consult' | 'appointment';

/**
 * The buttons of a scheduled visit: Edit, its outcomes (Completed, No Show, Connectivity Issue; 001 §2.4) and Cancel.
 * Only a scheduled visit changes (the server enforces it too); a closed one shows no buttons.
 */
export function VisitStatusButtons({
  kind,
  id,
  statusCode,
  onDone,
  onEdit,
}: {
  readonly kind: VisitKind;
  readonly id: number;
  readonly statusCode: number;
  readonly onDone: () => void;
  /** Opens the visit in the scheduling dialog. */
  readonly onEdit: () => void;
}) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  if (statusCode !== SLEEP_VISIT_SCHEDULED) return null;
  const run = async (work: () => Promise<unknown>, message: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
      void showToast({ message, intent: Intent.SUCCESS });
      onDone();
    } catch {
      // The error dialog shows it.
    } finally {
      setBusy(false);
    }
  };
  const setStatus = (status: SleepVisitStatusCode) =>
    run(
      () =>
        kind === 'consult'
          ? api.call(setSleepConsultStatus, { body: { consult_id: id, status: status as 3 | 4 | 6 } })
          : api.call(setSleepAppointmentStatus, {
              body: { appointment_id: id, status: status as 3 | 4 | 6 },
            }),
      `Marked ${SLEEP_VISIT_STATUS[status]}.`,
    );
  const cancel = () =>
    run(
      () =>
        kind === 'consult'
          ? api.call(cancelSleepConsult, { body: { consult_id: id } })
          : api.call(cancelSleepAppointment, { body: { appointment_id: id } }),
      kind === 'consult' ? 'Consult cancelled.' : 'Appointment cancelled.',
    );
  return (
    <ButtonGroup variant="minimal">
      <Button text="Edit" icon="edit" disabled={busy} onClick={onEdit} />
      {SLEEP_VISIT_NEXT[SLEEP_VISIT_SCHEDULED].map((status) => (
        <Button
          key={status}
          text={SLEEP_VISIT_STATUS[status]}
          disabled={busy}
          onClick={() => setStatus(status)}
        />
      ))}
      <Button text="Cancel" intent={Intent.DANGER} disabled={busy} onClick={cancel} />
    </ButtonGroup>
  );
}
