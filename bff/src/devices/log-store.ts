import { deviceDataLogsList } from '@rpm/shared';
import { sql } from 'kysely';
import { timeText } from '../db/sql-day.js';
import { inRange, listSource } from '../lists/declare.js';
import { deviceTypeOptions } from '../lists/reference-options.js';
import { by, byPatientName } from '../lists/sql.js';
import { textSearchSql } from '../lists/text-search.js';
import { patientFields } from '../patients/identity-sql.js';
import { DEVICE_TYPE_WHERE, deviceScope } from './inventory-store.js';

/** Device Data logs (000 §2.4): each measurement the user's organisations' devices sent, with the body as received. */
export const deviceLogSource = listSource(deviceDataLogsList, {
  from: sql`reading_messages m
    join devices d on d.inventory_id = m.inventory_id
    join device_types t on t.device_type_id = d.device_type_id
    join device_vendor_keys k on k.key_id = m.key_id
    join device_assignments a on a.device_assign_id = m.device_assign_id
    join patients p on p.patient_id = a.patient_id`,
  scope: ({ viewer }, db) => deviceScope(db, viewer),
  id: 'm.message_id',
  select: () => ({
    message_id: sql`m.message_id`,
    imei: sql`d.imei`,
    device_type: sql`t.device_type`,
    vendor: sql`k.vendor_name`,
    ...patientFields(),
    taken_at: timeText('m.taken_at'),
    received_at: timeText('m.received_at'),
    payload: sql`m.payload::text`,
  }),
  sort: () => ({
    received_at: by(sql`m.received_at`),
    taken_at: by(sql`m.taken_at`),
    patient_name: byPatientName,
  }),
  where: {
    device_type: DEVICE_TYPE_WHERE,
    received: { shows: 'received_at', when: inRange('m.received_at', 'instant') },
  },
  search: (text) => textSearchSql(text, sql`d.imei`),
  options: async (db) => ({ device_type: await deviceTypeOptions(db) }),
});
