import {
  deactivatedDevicesList,
  deviceHistoryList,
  devicesList,
  edisonInventoryList,
  unassignedDevicesList,
} from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { timeText } from '../db/sql-day.js';
import { inRange, type ListDeclaration, listSource } from '../lists/declare.js';
import { organizationOptions, organizationScope } from '../lists/organization-scope.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { rankSql } from '../lists/rank.js';
import { deviceTypeAndPracticeOptions, deviceTypeOptions } from '../lists/reference-options.js';
import type { ListViewer } from '../lists/source.js';
import { and, by, byPatientName, inIds, PRACTICE_FILTER } from '../lists/sql.js';
import { textSearchSql } from '../lists/text-search.js';
import { patientFields } from '../patients/identity-sql.js';

/** The device inventory lists: devices of the user's organisations (all for role 1) and assignments they may read. */

/** The devices of the user's organisations (every device for lowest role 1). */
export const deviceScope = (db: Db, viewer: ListViewer) =>
  organizationScope(db, viewer.auth, 'd.organization_id');

/** The device type filter over a list's device `d`, shown in the row's device_type. */
export const DEVICE_TYPE_WHERE = {
  shows: 'device_type',
  when: (types: readonly number[]) => inIds('d.device_type_id', types),
} as const;

/** The inventory's tables: the device, its type and organisation, and its open assignment with the patient. */
const DEVICE_FROM = sql`devices d
  join device_types t on t.device_type_id = d.device_type_id
  left join organizations o on o.organization_id = d.organization_id
  left join device_assignments a on a.inventory_id = d.inventory_id and a.unassigned_at is null
  left join patients p on p.patient_id = a.patient_id`;

/** What the four inventory lists share: the same row, order and search; they differ in the devices they hold. */
const INVENTORY: Omit<ListDeclaration<typeof devicesList>, 'scope' | 'where' | 'options'> = {
  from: DEVICE_FROM,
  id: 'd.inventory_id',
  select: () => ({
    inventory_id: sql`d.inventory_id`,
    imei: sql`d.imei`,
    device_name: sql`d.device_name`,
    device_type: sql`t.device_type`,
    organization_name: sql`o.organization_name`,
    status: sql`d.status`,
    // Null without an open assignment (the patient is a left join).
    ...patientFields(),
    assigned_at: timeText('a.assigned_at'),
    device_assign_id: sql`a.device_assign_id`,
  }),
  sort: () => ({
    inventory_id: by(sql`d.inventory_id`),
    status: by(rankSql(devicesList.columns, 'status', sql`d.status`)),
    patient_name: byPatientName,
    assigned_at: by(sql`a.assigned_at`),
  }),
  search: (text) => textSearchSql(text, sql`d.imei || ' ' || d.device_name`),
};

const ORGANIZATION_WHERE = {
  shows: 'organization_name',
  when: (orgs: readonly number[]) => inIds('d.organization_id', orgs),
} as const;

async function typeAndOrganizationOptions(db: Db, viewer: ListViewer) {
  const [deviceTypes, organizations] = await Promise.all([
    deviceTypeOptions(db),
    organizationOptions(db, viewer),
  ]);
  return { device_type: deviceTypes, organization: organizations };
}

/** Which devices each inventory list holds: decisions.md "Device inventory lists". */
export const inventorySources = {
  devices: listSource(devicesList, {
    ...INVENTORY,
    scope: ({ viewer }, db) => deviceScope(db, viewer),
    where: {
      status: {
        shows: 'status',
        as: 'value',
        when: (statuses) => sql<SqlBool>`d.status = any(${[...statuses]}::text[])`,
      },
      device_type: DEVICE_TYPE_WHERE,
      organization: ORGANIZATION_WHERE,
    },
    options: typeAndOrganizationOptions,
  }),
  // Stock belongs to no organisation yet.
  'edison-inventory': listSource(edisonInventoryList, {
    ...INVENTORY,
    scope: () => sql<SqlBool>`d.organization_id is null and d.status <> 'deactivated'`,
    where: { device_type: DEVICE_TYPE_WHERE },
    options: async (db) => ({ device_type: await deviceTypeOptions(db) }),
  }),
  'unassigned-devices': listSource(unassignedDevicesList, {
    ...INVENTORY,
    scope: async ({ viewer }, db) =>
      and([await deviceScope(db, viewer), sql`d.organization_id is not null and d.status = 'available'`]),
    where: { device_type: DEVICE_TYPE_WHERE, organization: ORGANIZATION_WHERE },
    options: typeAndOrganizationOptions,
  }),
  'deactivated-devices': listSource(deactivatedDevicesList, {
    ...INVENTORY,
    scope: async ({ viewer }, db) => and([await deviceScope(db, viewer), sql`d.status = 'deactivated'`]),
    where: { device_type: DEVICE_TYPE_WHERE, organization: ORGANIZATION_WHERE },
    options: typeAndOrganizationOptions,
  }),
};

/**
 * The filters of a list of assignments over `a`, `d`, `p` (Device History, Latest Assigned Devices), each shown in
 * the rows' device_type, practice_name and assigned_at, and their search by patient or IMEI.
 */
export const ASSIGNMENT_WHERE = {
  device_type: DEVICE_TYPE_WHERE,
  practice: PRACTICE_FILTER,
  issued: { shows: 'assigned_at', when: inRange('a.assigned_at', 'instant') },
} as const;
export const assignmentSearch = (text: string | undefined) =>
  patientSearchSql(text, undefined, sql<string>`d.imei`);

/** Device History (shared/src/lists/devices.ts deviceHistoryList): every assignment of the patients in scope. */
export const historySource = listSource(deviceHistoryList, {
  from: sql`device_assignments a
    join devices d on d.inventory_id = a.inventory_id
    join device_types t on t.device_type_id = d.device_type_id
    join patients p on p.patient_id = a.patient_id
    join practices pr on pr.practice_id = p.practice_id`,
  scope: ({ viewer }) => viewer.scope.visible('p'),
  id: 'a.device_assign_id',
  select: () => ({
    device_assign_id: sql`a.device_assign_id`,
    inventory_id: sql`d.inventory_id`,
    imei: sql`d.imei`,
    device_type: sql`t.device_type`,
    ...patientFields(),
    practice_name: sql`pr.practice_name`,
    assigned_at: timeText('a.assigned_at'),
    returned_at: timeText('a.unassigned_at'),
  }),
  sort: () => ({
    patient_name: byPatientName,
    assigned_at: by(sql`a.assigned_at`),
    returned_at: by(sql`a.unassigned_at`),
  }),
  where: ASSIGNMENT_WHERE,
  search: assignmentSearch,
  options: deviceTypeAndPracticeOptions,
});
