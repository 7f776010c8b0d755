import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { assignDevice, MSG } from '@rpm/shared';
import { useEffect, useId, useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';

/** The device being handed out. */
export interface DeviceToAssign {
  readonly inventory_id: number;
  readonly imei: string;
  readonly device_name: string;
}

export interface AssignDeviceDialogProps {
  /** `null` keeps the dialog closed. */
  readonly device: DeviceToAssign | null;
  readonly onDone: () => void;
  readonly onClose: () => void;
}

/** The patient's RPM ID as typed: a whole number, or null. */
const rpmId = (text: string): number | null => (/^[1-9]\d{0,9}$/.test(text.trim()) ? Number(text) : null);

/**
 * Hands an available device to a patient, named by RPM ID (decisions.md "Device assignment"); the server checks the
 * patient, the device and their organisation, and answers its refusals in the error dialog (000 §8).
 */
export function AssignDeviceDialog({ device, onDone, onClose }: AssignDeviceDialogProps) {
  const api = useApi();
  const id = useId();
  const [patient, setPatient] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inventoryId = device?.inventory_id;
  const actionKey = useActionKey(inventoryId, patient);
  useEffect(() => {
    if (inventoryId !== undefined) {
      setPatient('');
      setError(null);
    }
  }, [inventoryId]);

  const save = async () => {
    if (!device) return;
    if (patient.trim() === '') return setError(MSG.required);
    const patientId = rpmId(patient);
    if (patientId === null) return setError(MSG.invalidNumber);
    setBusy(true);
    try {
      const answer = await api.call(assignDevice, {
        body: { inventory_id: device.inventory_id, patient_id: patientId },
        headers: { 'idempotency-key': actionKey },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onDone();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={device !== null} title="Assign Device" onClose={onClose}>
      <DialogBody>
        {device && (
          <p>
            {device.device_name} · IMEI {device.imei}
          </p>
        )}
        <FormGroup
          label="Patient RPM ID*"
          labelFor={id}
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error ?? undefined}
        >
          <InputGroup
            id={id}
            inputMode="numeric"
            value={patient}
            intent={error ? Intent.DANGER : Intent.NONE}
            onValueChange={(value) => {
              setPatient(value);
              setError(null);
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Assign" loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
