import { isCalendarDay, isoDay, MSG } from '@rpm/shared';
import luhn from 'fast-luhn';
import { sql, type Transaction } from 'kysely';
import { auditAll } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { visibleOrganizations } from '../scope.js';
import type { CheckedRow, RowProblem, UploadKindRows } from './engine.js';
import { dayOf, NameIndex, orNull } from './names.js';

/**
 * Inventory Uploads' rows (decisions.md "Inventory upload devices"): a device by IMEI (Luhn-checked) or serial; new
 * devices go to the stock, known ones stay or are updated when chosen, unless another organisation's.
 */

type Executor = Db | Transaction<Database>;

/** What an upload records of a device. */
interface DeviceRecord {
  readonly imei: string;
  readonly device_type_id: number;
  readonly device_name: string;
  readonly vendor_name: string;
  readonly warehouse_id: number | null;
  readonly purchase_date: string | null;
}
const FIELDS = [
  'device_type_id',
  'device_name',
  'vendor_name',
  'warehouse_id',
  'purchase_date',
] as const satisfies readonly (keyof DeviceRecord)[];

type Changes = Record<string, { before: unknown; after: unknown }>;
interface DevicePayload {
  readonly record: DeviceRecord;
  readonly existing?: { readonly inventoryId: number; readonly changes: Changes };
}

const IMEI_MESSAGE = 'An IMEI is 15 digits with a valid check digit.';
const SERIAL_MESSAGE = 'Write an IMEI (15 digits) or a serial number (4 to 40 letters, digits or hyphens).';
const VENDOR_MAX = 100;

/** An IMEI as its digits (spaces and hyphens dropped), or a serial number in capitals; null with the problem. */
function deviceId(cell: string): { id: string } | { problem: string } {
  const digits = cell.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits))
    return digits.length === 15 && luhn(digits) ? { id: digits } : { problem: IMEI_MESSAGE };
  const serial = cell.trim().toUpperCase();
  return /^[A-Z0-9-]{4,40}$/.test(serial) && /[A-Z]/.test(serial)
    ? { id: serial }
    : { problem: SERIAL_MESSAGE };
}

async function references(db: Executor) {
  const [types, models, warehouses] = await Promise.all([
    db.selectFrom('device_types').select(['device_type_id', 'device_type']).execute(),
    db.selectFrom('device_names').select(['device_type_id', 'name']).where('active', '=', true).execute(),
    db.selectFrom('warehouses').select(['warehouse_id', 'name']).where('active', '=', true).execute(),
  ]);
  const typeIndex = new NameIndex();
  for (const t of types) typeIndex.add(t.device_type_id, t.device_type);
  const modelOf = new Map(models.map((m) => [`${m.device_type_id}:${m.name.toLowerCase()}`, m.name]));
  const warehouseIndex = new NameIndex();
  for (const w of warehouses) warehouseIndex.add(w.warehouse_id, w.name);
  return { types: typeIndex, modelOf, warehouses: warehouseIndex };
}

function convert(cells: Record<string, string>, refs: Awaited<ReturnType<typeof references>>, today: string) {
  const problems: RowProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const cell = (field: string) => (cells[field] ?? '').trim();
  const id = deviceId(cell('imei'));
  if ('problem' in id) add('imei', cell('imei') === '' ? MSG.required : id.problem);
  const typeText = cell('device_type_id');
  const type = typeText === '' ? 'none' : refs.types.find(typeText);
  if (typeText === '') add('device_type_id', MSG.required);
  else if (typeof type !== 'object') add('device_type_id', `No device type '${typeText}'.`);
  const modelText = cell('device_name');
  const model =
    typeof type === 'object' ? refs.modelOf.get(`${type.id}:${modelText.toLowerCase()}`) : undefined;
  if (modelText === '') add('device_name', MSG.required);
  else if (typeof type === 'object' && !model)
    add('device_name', `No model '${modelText}' of this device type in the DeviceName table.`);
  const vendor = cell('vendor_name');
  if (vendor === '') add('vendor_name', MSG.required);
  else if (vendor.length > VENDOR_MAX) add('vendor_name', `At most ${VENDOR_MAX} characters`);
  const warehouseText = orNull(cells.warehouse_id);
  const warehouse = warehouseText === null ? null : refs.warehouses.find(warehouseText);
  if (warehouse !== null && typeof warehouse !== 'object')
    add('warehouse_id', `No active warehouse '${warehouseText}'.`);
  const purchaseText = orNull(cells.purchase_date);
  const purchase = purchaseText === null ? null : dayOf(purchaseText);
  if (purchase !== null && (!isCalendarDay(purchase) || purchase > today))
    add('purchase_date', 'Enter the purchase date as MM/DD/YYYY, not in the future.');
  const record: DeviceRecord | undefined =
    problems.length === 0 && 'id' in id && typeof type === 'object' && model
      ? {
          imei: id.id,
          device_type_id: type.id,
          device_name: model,
          vendor_name: vendor,
          warehouse_id: warehouse !== null && typeof warehouse === 'object' ? warehouse.id : null,
          purchase_date: purchase,
        }
      : undefined;
  return { problems, record, key: 'id' in id ? id.id : null };
}

export const deviceRows: UploadKindRows<DevicePayload> = {
  kind: 'devices',
  repeated: (imei, rows) => `Device ${imei} is also in row ${rows.join(', ')}.`,

  async open(db, ctx) {
    const [refs, organizations] = await Promise.all([
      references(db),
      visibleOrganizations(db as Db, ctx.auth),
    ]);
    const mayChange = (organizationId: number | null) =>
      organizationId === null || organizations === 'all' || organizations.includes(organizationId);
    return async (rows) => {
      const converted = rows.map((cells) => convert(cells, refs, ctx.today));
      const ids = converted.flatMap((c) => (c.record ? [c.record.imei] : []));
      const known = ids.length
        ? await db
            .selectFrom('devices')
            .select(['inventory_id', 'imei', 'organization_id', 'status', ...FIELDS])
            .where('imei', 'in', ids)
            .execute()
        : [];
      const byId = new Map(known.map((d) => [d.imei, d]));
      return converted.map(({ problems, record, key }, i): CheckedRow<DevicePayload> => {
        const keyText = (rows[i]?.imei ?? '').trim();
        const base = { key, keyText };
        if (!record) return { ...base, outcome: 'invalid', problems };
        const device = byId.get(record.imei);
        if (!device) return { ...base, outcome: 'new', problems, payload: { record } };
        const before: Record<string, unknown> = {
          ...device,
          purchase_date: device.purchase_date ? isoDay(device.purchase_date) : null,
        };
        const changes: Changes = Object.fromEntries(
          FIELDS.filter((f) => before[f] !== record[f]).map((f) => [
            f,
            { before: before[f], after: record[f] },
          ]),
        );
        const refused = !mayChange(device.organization_id)
          ? `Device ${record.imei} belongs to an organisation you do not manage.`
          : device.status === 'assigned' && 'device_type_id' in changes
            ? `Device ${record.imei} is with a patient: its type cannot change.`
            : null;
        if (refused) return { ...base, outcome: 'invalid', problems: [{ field: 'imei', message: refused }] };
        return {
          ...base,
          outcome: Object.keys(changes).length === 0 ? 'unchanged' : 'update',
          problems,
          payload: { record, existing: { inventoryId: device.inventory_id, changes } },
        };
      });
    };
  },

  async write(trx, ctx, rows, uploadId) {
    const created = rows.filter((r) => r.outcome === 'new').map((r) => r.payload.record);
    const inserted = created.length
      ? await trx.insertInto('devices').values(created).returning(['inventory_id', 'imei']).execute()
      : [];
    const updates = rows.flatMap((r) =>
      r.outcome === 'update' && r.payload.existing
        ? [{ ...r.payload.existing, record: r.payload.record }]
        : [],
    );
    if (updates.length > 0) {
      const values = JSON.stringify(updates.map((u) => ({ inventory_id: u.inventoryId, ...u.record })));
      await sql`update devices d set ${sql.join(FIELDS.map((f) => sql`${sql.ref(f)} = v.${sql.ref(f)}`))}
        from jsonb_to_recordset(${values}::jsonb) as v(inventory_id integer, device_type_id integer, device_name text,
          vendor_name text, warehouse_id integer, purchase_date date)
        where d.inventory_id = v.inventory_id`.execute(trx);
    }
    await auditAll(trx, [
      ...inserted.map((d) => ({
        ...ctx.actor,
        action: 'upload_device',
        entity: 'device',
        entityId: d.inventory_id,
        detail: { upload_id: uploadId, imei: d.imei },
      })),
      ...updates.map((u) => ({
        ...ctx.actor,
        action: 'update_device',
        entity: 'device',
        entityId: u.inventoryId,
        detail: { upload_id: uploadId, changes: u.changes },
      })),
    ]);
    return { created: inserted.length, updated: updates.length };
  },
};
