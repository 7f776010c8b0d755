import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { MSG, type NotificationRule, type PatientDevice } from '@rpm/shared';
import { fieldProps, type RuleFormErrors } from './field-errors';

export interface DeviceFieldProps {
  /** Edit mode: the rule's device, read-only (001 §4). */
  readonly rule: NotificationRule | null;
  readonly editing: boolean;
  /** The patient's current devices. */
  readonly devices: readonly PatientDevice[];
  readonly inventoryId: number | null;
  readonly errors: RuleFormErrors;
  readonly onChoose: (inventoryId: number) => void;
}

/** 'Device': the patient's current devices, 'No Device Available' without one (001 §2.2); read-only on edit. */
export function DeviceField({ rule, editing, devices, inventoryId, errors, onChoose }: DeviceFieldProps) {
  return (
    <FormGroup label="Device" labelFor="rule-device" {...fieldProps(errors, 'inventory_id')}>
      {editing ? (
        <InputGroup id="rule-device" readOnly value={rule ? `${rule.device_name} (${rule.IMEI})` : ''} />
      ) : (
        <HTMLSelect
          id="rule-device"
          fill
          value={inventoryId ?? ''}
          onChange={(e) => onChoose(Number(e.currentTarget.value))}
        >
          {devices.length === 0 ? (
            <option value="">{MSG.noDeviceAvailable}</option>
          ) : (
            <>
              <option value="" disabled>
                {MSG.selectDevice}
              </option>
              {devices.map((d) => (
                <option key={d.inventory_id} value={d.inventory_id}>
                  {d.device_name} ({d.IMEI})
                </option>
              ))}
            </>
          )}
        </HTMLSelect>
      )}
    </FormGroup>
  );
}
