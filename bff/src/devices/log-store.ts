import type { DeviceLogRow, ListPatient } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { deviceTypeOptions } from '../lists/reference-options.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource } from '../lists/source.js';
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
  orderSql,
  searchTerms,
} from '../lists/sql.js';
import { dayRange, idValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';
import { deviceScope } from './inventory-store.js';

/**
 * Device Data logs (shared/src/lists/devices.ts deviceDataLogsList; 000 §2.4): each measurement a device sent, with
 * the body as received, for the devices of the user's organisations.
 */

const LOG_FROM = sql`reading_messages m
  join devices d on d.inventory_id = m.inventory_id
  join device_types t on t.device_type_id = d.device_type_id
  join device_vendor_keys k on k.key_id = m.key_id
  join device_assignments a on a.device_assign_id = m.device_assign_id
  join patients p on p.patient_id = a.patient_id`;

const LOG_ORDER = {
  received_at: by(sql`m.received_at`),
  taken_at: by(sql`m.taken_at`),
  imei: byText(sql`d.imei`),
  device_type: byText(sql`t.device_type`),
  vendor: byText(sql`k.vendor_name`),
  patient_name: byPatientName,
};

export const deviceLogSource: ListSource<DeviceLogRow> = sliceSource<DeviceLogRow, Base>({
  async filtered(db, viewer, view) {
    const parts: RawBuilder<SqlBool>[] = [await deviceScope(db, viewer)];
    const types = idValues(view, 'device_type');
    if (types) parts.push(inIds('d.device_type_id', types));
    const received = dayRange(view, 'received');
    if (received.from) parts.push(sql<SqlBool>`m.received_at >= ${received.from}`);
    if (received.before) parts.push(sql<SqlBool>`m.received_at < ${received.before}`);
    for (const word of searchTerms(view.search ?? '').searchWords)
      parts.push(sql<SqlBool>`lower(d.imei) like ${likeWord(word)} escape '\\'`);
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, LOG_FROM),
  async slice({ db, where }, _viewer, view, offset, limit) {
    const { rows } = await sql<{
      message_id: string | number;
      imei: string;
      device_type: string;
      vendor: string;
      patient_id: number;
      patient_name: string;
      patient: ListPatient;
      taken_at: Date;
      received_at: Date;
      payload: string | null;
    }>`
      select m.message_id, d.imei, t.device_type, k.vendor_name as vendor, p.patient_id,
        ${fullName('p')} as patient_name, ${listPatientSql('p')} as patient, m.taken_at, m.received_at, m.payload::text as payload
      from ${LOG_FROM}
      where ${where}
      order by ${orderSql(view, LOG_ORDER, 'm.message_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({
      ...r,
      message_id: Number(r.message_id),
      taken_at: r.taken_at.toISOString(),
      received_at: r.received_at.toISOString(),
    }));
  },
  async options(db) {
    return { device_type: await deviceTypeOptions(db) };
  },
});
