import { Button, Intent } from '@blueprintjs/core';
import { monitorList } from '@rpm/shared';
import { useState } from 'react';
import { type ListActionContext, ListScreen } from '../list/ListScreen';
import { AcknowledgeDialog } from './AcknowledgeDialog';

/**
 * The monitoring worklist (000 §2.4 'Monitoring Table', §2.8): open alerts, critical first; rows are chosen and
 * acknowledged with a note; `patId` (the bell's /app/ActiveNotifications/monitor/{patientId}) preselects the
 * patient; a hub event reloads the list.
 */
export function MonitorScreen() {
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
