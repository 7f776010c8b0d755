import { Button, Intent } from '@blueprintjs/core';
import { devicesList, returnDevice, unassignedDevicesList } from '@rpm/shared';
import { useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import type { ListRow } from '../list/ListTable';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { AssignDeviceDialog, type DeviceToAssign } from './AssignDeviceDialog';
import { DeviceCountTable } from './DeviceCountTable';

// The device inventory screens (000 §2.4, §2.7 Inventory): list definitions plus their actions.
/** Assigning and returning need the Devices Table entry (shared/src/api/devices.ts). */
const DEVICES_PAGE = 'Devices Table';

/** Devices (000 §2.4 'Devices Table'): the device-count table (001 §2.5) above the inventory; Return per issued device. */
export function DevicesScreen() {
  const api = useApi();
  const [busy, setBusy] = useState<number | null>(null);
  const [returned, setReturned] = useState(0);

  const giveBack = async (row: ListRow, reload: () => void) => {
    const assignId = Number(row.device_assign_id);
    setBusy(assignId);
    try {
      const answer = await api.call(returnDevice, { body: { device_assign_id: assignId } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      reload();
      setReturned((n) => n + 1);
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <DeviceCountTable reloadKey={returned} />
      <ListScreen
        def={devicesList}
        rowActions={(row, context) =>
          row.device_assign_id === null ? null : (
            <Button
              size="small"
              variant="minimal"
              icon="undo"
              text="Return"
              aria-label={`Return ${String(row.imei)}`}
              loading={busy === Number(row.device_assign_id)}
              disabled={busy !== null && busy !== Number(row.device_assign_id)}
              onClick={() => void giveBack(row, context.reload)}
            />
          )
        }
      />
    </>
  );
}

/** Unassigned Devices (000 §2.4): available devices, each with Assign for users holding 'Devices Table'. */
export function UnassignedDevicesScreen() {
  const { user } = useSession();
  const canAssign = user?.pages.includes(DEVICES_PAGE) ?? false;
  const [assigning, setAssigning] = useState<{
    readonly device: DeviceToAssign;
    readonly reload: () => void;
  } | null>(null);
  return (
    <>
      <ListScreen
        def={unassignedDevicesList}
        {...(canAssign
          ? {
              rowActions: (row: ListRow, context: { readonly reload: () => void }) => (
                <Button
                  size="small"
                  variant="minimal"
                  icon="new-link"
                  text="Assign"
                  aria-label={`Assign ${String(row.imei)}`}
                  onClick={() =>
                    setAssigning({
                      device: {
                        inventory_id: Number(row.inventory_id),
                        imei: String(row.imei),
                        device_name: String(row.device_name),
                      },
                      reload: context.reload,
                    })
                  }
                />
              ),
            }
          : {})}
      />
      <AssignDeviceDialog
        device={assigning?.device ?? null}
        onClose={() => setAssigning(null)}
        onDone={() => {
          assigning?.reload();
          setAssigning(null);
        }}
      />
    </>
  );
}
