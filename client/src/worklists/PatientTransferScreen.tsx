import { Button, Intent } from '@blueprintjs/core';
import { getTransferCoordinators, patientTransferList, transferPatients } from '@rpm/shared';
import { useState } from 'react';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { type ListActionContext, ListScreen } from '../list/ListScreen';
import { ChoosePersonDialog } from './ChoosePersonDialog';

/** The patients being handed over, and the list to reload after. */
interface Transfer {
  readonly patientIds: readonly number[];
  readonly context: ListActionContext;
}

/**
 * Patient Transfer (000 §2.4 'Care Coord Mapping', §2.7 Utilities; decisions.md "Patient Transfer"): the patients in
 * scope with their care coordinator; chosen rows are handed to another coordinator in one go.
 */
export function PatientTransferScreen() {
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  return (
    <>
      <ListScreen
        def={patientTransferList}
        selectable
        toolbarActions={(context) => (
          <Button
            intent={Intent.PRIMARY}
            icon="swap-horizontal"
            text="Transfer"
            disabled={context.selected.length === 0}
            onClick={() =>
              setTransfer({ patientIds: context.selected.map((row) => Number(row.patient_id)), context })
            }
          />
        )}
      />
      <TransferDialog
        transfer={transfer}
        onClose={() => setTransfer(null)}
        onDone={() => {
          transfer?.context.clearSelection();
          transfer?.context.reload();
          setTransfer(null);
        }}
      />
    </>
  );
}

interface TransferDialogProps {
  /** `null` keeps the dialog closed. */
  readonly transfer: Transfer | null;
  readonly onDone: () => void;
  readonly onClose: () => void;
}

/** Chooses the coordinator getTransferCoordinators offers for the chosen patients, and hands them over. */
function TransferDialog({ transfer, onDone, onClose }: TransferDialogProps) {
  const api = useApi();
  const patientIds = transfer?.patientIds ?? [];
  const coordinators = useCall(
    getTransferCoordinators,
    { query: { patient_id: patientIds.join(',') } },
    { enabled: transfer !== null },
  );
  const count = patientIds.length === 1 ? '1 patient' : `${patientIds.length} patients`;
  return (
    <ChoosePersonDialog
      isOpen={transfer !== null}
      title="Transfer Patients"
      label={`Transfer ${count} to*`}
      placeholder="Choose a care coordinator"
      action="Transfer"
      subject={transfer}
      people={{ loading: coordinators.loading, data: coordinators.data?.data }}
      send={async (userId) =>
        (
          await api.call(transferPatients, {
            body: { patient_id: [...patientIds], care_coordinator_id: userId },
          })
        ).message
      }
      onDone={onDone}
      onClose={onClose}
    />
  );
}
