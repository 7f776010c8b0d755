import { z } from 'zod';
import { idempotencyHeaders } from './chart-common.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { recordId } from './ids.js';

/**
 * The device inventory's calls: the device-count table of 001 §2.5 and handing a device to a
 * patient and taking it back (decisions.md "Device assignment"). Both need the 'Devices Table' entry (000 §2.4).
 */
const DEVICES = { page: 'Devices Table' } as const;

/** One row of the device-count table (001 §2.5, §3 "Device count row"): an organisation's devices and patients. */
export const deviceCountRow = z.object({
  id: z.number().int(),
  name: z.string(),
  total_devices: z.number().int(),
  devices_issued: z.number().int(),
  available_devices: z.number().int(),
  total_patients: z.number().int(),
  active_patients: z.number().int(),
});
export type DeviceCountRow = z.infer<typeof deviceCountRow>;

export const getDevicesCountForOrganizations = defineCall({
  method: 'GET',
  path: 'rpm/devices/getDevicesCountForOrganizations',
  spec: '001 §2.5, §7',
  summary:
    "The device-count table: per organisation of the user's, its devices (issued, available) and patients",
  access: DEVICES,
  response: listEnvelope(deviceCountRow),
});

export const assignDevice = defineCall({
  method: 'POST',
  path: 'rpm/devices/assignDevice',
  spec: '000 §2.4 Devices Table, Device History (ours)',
  summary:
    "Hands an available device of the patient's organisation to the patient; the assignment joins the device history",
  access: DEVICES,
  headers: idempotencyHeaders,
  body: z.object({ inventory_id: recordId, patient_id: recordId }),
  response: okAnswer.extend({ data: z.object({ device_assign_id: z.number().int() }) }),
});

export const returnDevice = defineCall({
  method: 'POST',
  path: 'rpm/devices/returnDevice',
  spec: '000 §2.4 Devices Table, Device History (ours)',
  summary:
    "Takes a device back from its patient: the assignment ends (kept in the history), the device is available again and the assignment's active alert rules end",
  access: DEVICES,
  body: z.object({ device_assign_id: recordId }),
  response: okAnswer,
});
