import { Button, Intent } from '@blueprintjs/core';
import { acknowledgeWorklistAlerts, monitorList } from '@rpm/shared';
import { useState } from 'react';
import { AcknowledgeDialog } from '../alerts/AcknowledgeDialog';
import { useApi } from '../errors/ErrorDialogProvider';
import { type ListActionContext, ListScreen } from '../list/ListScreen';

/**
 * The monitoring worklist (000 §2.4 'Monitoring Table', §2.8): open alerts, critical first; rows are chosen and
 * acknowledged with a note; `patId` (the bell's /app/ActiveNotifications/monitor/{patientId}) preselects the
 * patient; a hub event reloads the list.
 */
export function MonitorScreen() {
  const api = useApi();
  const [acknowledging, setAcknowledging] = useState<{
    readonly ids: readonly number[];
    readonly context: ListActionContext;
  } | null>(null);
  return (
    <>
      <ListScreen
        def={monitorList}
        live
        selectable
        rowName={(row) => `${String(row.patient_name)} ${String(row.vital_type)} ${String(row.reading)}`}
        toolbarActions={(context) => (
          <Button
            intent={Intent.PRIMARY}
            icon="tick"
            text="Acknowledge"
            disabled={context.selected.length === 0}
            onClick={() =>
              setAcknowledging({ ids: context.selected.map((r) => Number(r.alert_id)), context })
            }
          />
        )}
      />
      <AcknowledgeDialog
        alertIds={acknowledging?.ids ?? []}
        submit={(fields) =>
          api.call(acknowledgeWorklistAlerts, {
            body: { ...fields, alert_id: [...(acknowledging?.ids ?? [])] },
          })
        }
        onClose={() => setAcknowledging(null)}
        onDone={() => {
          // The acknowledged alerts leave the open list on the reload.
          acknowledging?.context.clearSelection();
          acknowledging?.context.reload();
          setAcknowledging(null);
        }}
      />
    </>
  );
}
