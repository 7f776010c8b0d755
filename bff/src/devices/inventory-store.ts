type Where = RawBuilder<SqlBool>;

import { type DeviceHistoryRow, type DeviceRow, devicesList } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { inRange } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { rankSql } from '../lists/rank.js';
import { deviceTypeAndPracticeOptions, deviceTypeOptions } from '../lists/reference-options.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import {
  and,
  type Base,
  by,
  byPatientName,
  byText,
  countWhere,
  fullName,
  inIds,
  likeWord,
  options,
  orderSql,
  type SortBy,
  searchTerms,
} from '../lists/sql.js';
import { dayRange, idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';
import { visibleOrganizations } from '../scope.js';

/**
 * The device inventory lists (shared/src/lists/devices.ts; issue 16 part 4). A user sees the devices of the
 * organisations they belong to (scope.ts visibleOrganizations; lowest role 1 every device, stock included) and the
 * assignments of the patients they may read.
 */

/** The devices of the user's organisations (every device for lowest role 1). */
export async function deviceScope(db: Db, viewer: ListViewer): Promise<Where> {
  const orgs = await visibleOrganizations(db, viewer.auth);
  return orgs === 'all' ? sql<SqlBool>`true` : inIds('d.organization_id', orgs);
}

/** Which devices each inventory list holds (decisions.md "Device inventory lists"). */
const HOLDS: Record<string, (db: Db, viewer: ListViewer) => Promise<Where>> = {
  devices: deviceScope,
  // decisions.md "Device inventory lists": stock belongs to no organisation yet.
  'edison-inventory': async () => sql<SqlBool>`d.organization_id is null and d.status <> 'deactivated'`,
  'unassigned-devices': async (db, viewer) =>
    and([await deviceScope(db, viewer), sql`d.organization_id is not null and d.status = 'available'`]),
  'deactivated-devices': async (db, viewer) =>
    and([await deviceScope(db, viewer), sql`d.status = 'deactivated'`]),
};

const DEVICE_ORDER: Readonly<Record<string, SortBy>> = {
  imei: byText(sql`d.imei`),
  device_name: byText(sql`d.device_name`),
  device_type: byText(sql`t.device_type`),
  organization_name: byText(sql`o.organization_name`),
  status: by(rankSql(devicesList.columns, 'status', sql`d.status`)),
  patient_name: byPatientName,
  assigned_at: by(sql`a.assigned_at`),
};

/** The inventory's tables: the device, its type and organisation, and its open assignment with the patient. */
const DEVICE_FROM = sql`devices d
  join device_types t on t.device_type_id = d.device_type_id
  left join organizations o on o.organization_id = d.organization_id
  left join device_assignments a on a.inventory_id = d.inventory_id and a.unassigned_at is null
  left join patients p on p.patient_id = a.patient_id`;

export function inventorySource(name: string): ListSource<DeviceRow> {
  const holds = HOLDS[name];
  if (!holds) throw new Error(`no inventory list '${name}'`);
  return sliceSource<DeviceRow, Base>({
    async filtered(db, viewer, view) {
      const parts = [await holds(db, viewer)];
      const statuses = optionValues(view, 'status');
      if (statuses && statuses.length > 0) parts.push(sql<SqlBool>`d.status = any(${[...statuses]}::text[])`);
      const types = idValues(view, 'device_type');
      if (types) parts.push(inIds('d.device_type_id', types));
      const orgs = idValues(view, 'organization');
      if (orgs) parts.push(inIds('d.organization_id', orgs));
      for (const word of searchTerms(view.search ?? '').searchWords)
        parts.push(sql<SqlBool>`lower(d.imei || ' ' || d.device_name) like ${likeWord(word)} escape '\\'`);
      return { db, where: and(parts) };
    },
    count: (base) => countWhere(base, DEVICE_FROM),
    async slice({ db, where }, _viewer, view, offset, limit) {
      const { rows } = await sql<Omit<DeviceRow, 'assigned_at'> & { assigned_at: Date | null }>`
        select d.inventory_id, d.imei, d.device_name, t.device_type, o.organization_name, d.status, p.patient_id,
          case when p.patient_id is null then null else ${fullName('p')} end as patient_name,
          ${listPatientSql('p')} as patient, a.assigned_at,
          a.device_assign_id
        from ${DEVICE_FROM}
        where ${where}
        order by ${orderSql(view, DEVICE_ORDER, 'd.inventory_id')}
        limit ${limit} offset ${offset}`.execute(db);
      return rows.map((r) => ({ ...r, assigned_at: r.assigned_at?.toISOString() ?? null }));
    },
    async options(db, viewer) {
      const orgs = await visibleOrganizations(db, viewer.auth);
      const [deviceTypes, organizations] = await Promise.all([
        deviceTypeOptions(db),
        options(
          db,
          sql`select organization_id as value, organization_name as label from organizations
            where ${orgs === 'all' ? sql`true` : inIds('organization_id', orgs)}
            order by lower(organization_name) collate "C", organization_id`,
        ),
      ]);
      return { device_type: deviceTypes, organization: organizations };
    },
  });
}

/** The assignments' tables. */
const HISTORY_FROM = sql`device_assignments a
  join devices d on d.inventory_id = a.inventory_id
  join device_types t on t.device_type_id = d.device_type_id
  join patients p on p.patient_id = a.patient_id
  join practices pr on pr.practice_id = p.practice_id`;

const HISTORY_ORDER: Readonly<Record<string, SortBy>> = {
  imei: byText(sql`d.imei`),
  device_type: byText(sql`t.device_type`),
  patient_name: byPatientName,
  practice_name: byText(sql`pr.practice_name`),
  assigned_at: by(sql`a.assigned_at`),
  returned_at: by(sql`a.unassigned_at`),
};

/**
 * The conditions of a list of assignments (Device History, Latest Assigned Devices) over `a`, `d` and `p`: the
 * patients in scope, device type, practice, assigned day, and the search by patient or IMEI.
 */
/** The assignment lists' shared filters (device type, practice, assigned date) and search, declared once. */
export const ASSIGNMENT_WHERE = {
  device_type: (types: readonly number[]) => inIds('d.device_type_id', types),
  practice: (practices: readonly number[]) => inIds('p.practice_id', practices),
  issued: inRange('a.assigned_at', 'instant'),
};
export const assignmentSearch = (text: string | undefined) =>
  patientSearchSql(text, undefined, sql<string>`d.imei`);

function assignmentFilters(viewer: ListViewer, view: ListView): Where[] {
  const parts: Where[] = [viewer.scope.visible('p')];
  const types = idValues(view, 'device_type');
  if (types) parts.push(ASSIGNMENT_WHERE.device_type(types));
  const practices = idValues(view, 'practice');
  if (practices) parts.push(ASSIGNMENT_WHERE.practice(practices));
  const issued = dayRange(view, 'issued');
  if (issued.from || issued.before) parts.push(ASSIGNMENT_WHERE.issued(issued));
  const search = assignmentSearch(view.search);
  if (search) parts.push(search);
  return parts;
}

/** Device History (shared/src/lists/devices.ts deviceHistoryList): every assignment of the patients in scope. */
export const historySource: ListSource<DeviceHistoryRow> = sliceSource<DeviceHistoryRow, Base>({
  filtered: (db, viewer, view) => ({ db, where: and(assignmentFilters(viewer, view)) }),
  count: (base) => countWhere(base, HISTORY_FROM),
  async slice({ db, where }, _viewer, view, offset, limit) {
    const { rows } = await sql<
      Omit<DeviceHistoryRow, 'assigned_at' | 'returned_at'> & { assigned_at: Date; returned_at: Date | null }
    >`
      select a.device_assign_id, d.inventory_id, d.imei, t.device_type, p.patient_id,
        ${fullName('p')} as patient_name, ${listPatientSql('p')} as patient, pr.practice_name, a.assigned_at, a.unassigned_at as returned_at
      from ${HISTORY_FROM}
      where ${where}
      order by ${orderSql(view, HISTORY_ORDER, 'a.device_assign_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({
      ...r,
      assigned_at: r.assigned_at.toISOString(),
      returned_at: r.returned_at?.toISOString() ?? null,
    }));
  },
  options: deviceTypeAndPracticeOptions,
});
