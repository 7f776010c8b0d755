import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList, type ListFilter } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS, patientColumn } from './patient-row.js';

/**
 * The device inventory lists (000 §2.4 Devices Table, Edison Inventory, Unassigned Devices, Deactivated Devices,
 * Device History; §2.7 Inventory menu). The four inventory lists show the same row and differ in
 * which devices they hold (decisions.md "Device inventory lists").
 */

/** A device's state in the inventory (table `devices`). */
const DEVICE_STATUS_OPTIONS = [
  { value: 'available', label: 'Available' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'deactivated', label: 'Deactivated' },
] as const;

/** One device of the inventory. */
export const deviceRow = z.object({
  inventory_id: z.number().int(),
  imei: z.string(),
  device_name: z.string(),
  device_type: z.string(),
  /** Null while the device is in stock, not yet allocated to an organisation. */
  organization_name: z.string().nullable(),
  status: z.enum(['available', 'assigned', 'deactivated']),
  /** The patient who has the device now (null unless assigned). */
  patient_id: z.number().int().nullable(),
  patient_name: z.string().nullable(),
  patient: listPatient.nullable(),
  assigned_at: z.string().nullable(),
  /** The open assignment (what Return ends); not a column. */
  device_assign_id: z.number().int().nullable(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

/** The device type filter of the device lists (every type; ids). */
export const DEVICE_TYPE_FILTER: ListFilter<'device_type'> = {
  key: 'device_type',
  label: 'Device Type',
  multi: true,
};
const deviceType = DEVICE_TYPE_FILTER;
const organization: ListFilter<'organization'> = PATIENT_FILTERS.organization;

const inventoryColumns = [
  { key: 'inventory_id', label: 'Inventory ID', sortable: true },
  { key: 'imei', label: 'IMEI', sortable: true },
  { key: 'device_name', label: 'Device Name', sortable: true },
  { key: 'device_type', label: 'Device Type', sortable: true },
  { key: 'organization_name', label: 'Organization', sortable: true },
  { key: 'status', label: 'Status', sortable: true, rank: ['available', 'assigned', 'deactivated'] },
  patientColumn(),
  { key: 'assigned_at', label: 'Assigned Date', sortable: true, format: 'date' },
] as const;

const inventory = {
  row: deviceRow,
  idKey: 'inventory_id',
  columns: inventoryColumns,
  defaultSort: { key: 'inventory_id', order: 'asc' },
  searchPlaceholder: 'Search IMEI or device name',
  exports: ['pdf', 'csv'],
} as const;

/** Devices (000 §2.4 'Devices Table'): every device of the user's organisations. */
export const devicesList = defineList({
  ...inventory,
  name: 'devices',
  title: 'Devices',
  spec: '000 §2.4 Devices Table',
  route: LIST_ROUTES.devices,
  page: 'Devices Table',
  filters: [
    { key: 'status', label: 'Status', multi: true, options: DEVICE_STATUS_OPTIONS },
    deviceType,
    organization,
  ],
});

/** Edison Inventory (000 §2.4): the stock not yet allocated to an organisation (decisions.md "Device inventory lists"). */
export const edisonInventoryList = defineList({
  ...inventory,
  name: 'edison-inventory',
  title: 'Edison Inventory',
  spec: '000 §2.4 Edison Inventory',
  route: LIST_ROUTES.edisonInventory,
  page: 'Edison Inventory',
  filters: [deviceType],
});

/** Unassigned Devices (000 §2.4): available devices of the user's organisations, ready to hand out. */
export const unassignedDevicesList = defineList({
  ...inventory,
  name: 'unassigned-devices',
  title: 'Unassigned Devices',
  spec: '000 §2.4 Unassigned Devices',
  route: LIST_ROUTES.unassignedDevices,
  page: 'Unassigned Devices',
  filters: [deviceType, organization],
});

/** Deactivated Devices (000 §2.4): devices taken out of service. */
export const deactivatedDevicesList = defineList({
  ...inventory,
  name: 'deactivated-devices',
  title: 'Deactivated Devices',
  spec: '000 §2.4 Deactivated Devices',
  route: LIST_ROUTES.deactivatedDevices,
  page: 'Deactivated Devices',
  filters: [deviceType, organization],
});

/** One assignment of a device to a patient (table `device_assignments`). */
export const deviceHistoryRow = z.object({
  device_assign_id: z.number().int(),
  inventory_id: z.number().int(),
  imei: z.string(),
  device_type: z.string(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  practice_name: z.string(),
  assigned_at: z.string(),
  /** When the device came back; null while the patient has it. */
  returned_at: z.string().nullable(),
});
export type DeviceHistoryRow = z.infer<typeof deviceHistoryRow>;

/** Device History (000 §2.4): every assignment, returned ones kept, of the patients the user may see. */
export const deviceHistoryList = defineList({
  name: 'device-history',
  title: 'Device History',
  spec: '000 §2.4 Device History',
  route: LIST_ROUTES.deviceHistory,
  page: 'Device History',
  row: deviceHistoryRow,
  idKey: 'device_assign_id',
  columns: [
    { key: 'imei', label: 'IMEI', sortable: true },
    { key: 'device_type', label: 'Device Type', sortable: true },
    patientColumn(),
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'assigned_at', label: 'Assigned Date', sortable: true, format: 'datetime' },
    { key: 'returned_at', label: 'Returned Date', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'assigned_at', order: 'desc' },
  filters: [deviceType, PATIENT_FILTERS.practice, { key: 'issued', label: 'Assigned Date', dateRange: true }],
  searchPlaceholder: 'Search IMEI or patient name',
  exports: ['pdf', 'csv'],
});

/** One measurement a device sent (table `reading_messages`), with the request body as received. */
export const deviceLogRow = z.object({
  message_id: z.number().int(),
  imei: z.string(),
  device_type: z.string(),
  /** The vendor whose key posted it. */
  vendor: z.string(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  taken_at: z.string(),
  received_at: z.string(),
  /** The JSON body as the device sent it; null for messages received before the logs kept it. */
  payload: z.string().nullable(),
});
export type DeviceLogRow = z.infer<typeof deviceLogRow>;

/** Device Data logs (000 §2.4): the raw intake payloads of the devices of the user's organisations, newest first. */
export const deviceDataLogsList = defineList({
  name: 'device-data-logs',
  title: 'Device Data logs',
  spec: '000 §2.4 Device Data logs',
  route: LIST_ROUTES.deviceDataLogs,
  page: 'Device Data logs',
  row: deviceLogRow,
  idKey: 'message_id',
  columns: [
    { key: 'received_at', label: 'Received', sortable: true, format: 'datetime' },
    { key: 'taken_at', label: 'Reading Time', sortable: true, format: 'datetime' },
    { key: 'imei', label: 'IMEI', sortable: true },
    { key: 'device_type', label: 'Device Type', sortable: true },
    { key: 'vendor', label: 'Vendor', sortable: true },
    patientColumn(),
    { key: 'payload', label: 'Payload' },
  ],
  defaultSort: { key: 'received_at', order: 'desc' },
  filters: [deviceType, { key: 'received', label: 'Received', dateRange: true }],
  searchPlaceholder: 'Search IMEI',
  exports: ['pdf', 'csv'],
});

/** One device vendor's intake key (table `device_vendor_keys`; the key itself is never shown). */
export const vendorRow = z.object({
  key_id: z.number().int(),
  vendor_name: z.string(),
  /** Null: the key may post for devices of every organisation. */
  organization_name: z.string().nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  /** Measurements received with the key. */
  messages: z.number().int(),
});
export type VendorRow = z.infer<typeof vendorRow>;

/**
 * Vendors (000 §2.4 'Vendors Table'): the device vendors whose keys post readings to the intake, with the
 * organisation each key is limited to (decisions.md "Vendors").
 */
export const vendorsList = defineList({
  name: 'vendors',
  title: 'Vendors',
  spec: '000 §2.4 Vendors Table',
  route: LIST_ROUTES.vendors,
  page: 'Vendors Table',
  row: vendorRow,
  idKey: 'key_id',
  columns: [
    { key: 'vendor_name', label: 'Vendor Name', sortable: true },
    { key: 'organization_name', label: 'Organization', sortable: true },
    { key: 'created_at', label: 'Key Issued', sortable: true, format: 'date' },
    { key: 'revoked_at', label: 'Key Revoked', sortable: true, format: 'date' },
    { key: 'messages', label: 'Readings Received', sortable: true, format: 'number' },
  ],
  defaultSort: { key: 'vendor_name', order: 'asc' },
  filters: [],
  searchPlaceholder: 'Search vendor name',
  exports: ['pdf', 'csv'],
});
