import { Button, Intent } from '@blueprintjs/core';
import { RETURN_STATES, returnSleepDevice, sleepReturnDevicesList } from '@rpm/shared';
import { useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import { showToast } from '../toaster/toast';

const def = sleepReturnDevicesList;

/**
 * Sleep Return Devices (000 §2.4 Billing Utility; decisions.md "Sleep Return Devices"): home-study devices out and
 * due back, with 'Mark Returned' on each one still out.
 */
export function SleepReturnsScreen() {
  const api = useApi();
  const [busy, setBusy] = useState<number | null>(null);

  const markReturned = async (studyId: number, reload: () => void) => {
    setBusy(studyId);
    try {
      const answer = await api.call(returnSleepDevice, { body: { study_id: studyId } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      reload();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(null);
    }
  };

  return (
    <ListScreen
      def={def}
      rowActions={(row, { reload }) => {
        const studyId = Number(row.study_id);
        return (
          <Button
            size="small"
            variant="minimal"
            intent={Intent.SUCCESS}
            icon="import"
            text="Mark Returned"
            aria-label={`Mark the device of test ${studyId} returned`}
            disabled={row.return_state === RETURN_STATES.returned || (busy !== null && busy !== studyId)}
            loading={busy === studyId}
            onClick={() => void markReturned(studyId, reload)}
          />
        );
      }}
    />
  );
}
