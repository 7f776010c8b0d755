import { HTMLTable } from '@blueprintjs/core';
import { type DeviceCountRow, formatCount, getDevicesCountForOrganizations, MSG } from '@rpm/shared';
import { useCall } from '../api/use-call';

/** The columns of 001 §2.5, named as the spec names them. */
const COLUMNS: readonly (keyof DeviceCountRow)[] = [
  'id',
  'name',
  'total_devices',
  'devices_issued',
  'available_devices',
  'total_patients',
  'active_patients',
];

/**
 * The device-count table (001 §2.5; decisions.md "Device-count table"): per organisation of the user's, its devices
 * and patients; 'No Records Found' without any. `reloadKey` reloads it (after a device comes back).
 */
export function DeviceCountTable({ reloadKey }: { readonly reloadKey?: unknown }) {
  const counts = useCall(getDevicesCountForOrganizations, {}, { reloadKey });
  const rows = counts.data?.data ?? [];
  return (
    <HTMLTable compact striped aria-label="Device counts" className="device-count-table">
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column}>{column}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {counts.data && rows.length === 0 && (
          <tr>
            <td colSpan={COLUMNS.length}>{MSG.noRecordsFound}</td>
          </tr>
        )}
        {!counts.data && counts.loading && (
          <tr>
            <td colSpan={COLUMNS.length}>{MSG.loading}</td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.id}>
            {COLUMNS.map((column) => (
              <td key={column}>
                {typeof row[column] === 'number' && column !== 'id'
                  ? formatCount(row[column] as number)
                  : row[column]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
