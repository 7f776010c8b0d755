import { HTMLTable, Tag } from '@blueprintjs/core';
import { displayUtcDay, getPatientDevices, MSG } from '@rpm/shared';
import { useCall } from '../api/use-call';

export interface DevicesTabProps {
  readonly patientId: number;
}

/** The Devices tab (000 §2.3): the patient's device assignments, current first, with vitals and the rule in force. */
export function DevicesTab({ patientId }: DevicesTabProps) {
  const data = useCall(getPatientDevices, { query: { patient_id: patientId } }).data?.data;
  if (!data) return <p>{MSG.loading}</p>;
  if (data.length === 0) return <p>{MSG.noDataFound}</p>;
  return (
    <HTMLTable compact striped className="chart-devices">
      <thead>
        <tr>
          <th>Device</th>
          <th>IMEI</th>
          <th>Type</th>
          <th>Vitals</th>
          <th>Assigned</th>
          <th>Returned</th>
          <th>Last Reading</th>
          <th>Alert Rule</th>
        </tr>
      </thead>
      <tbody>
        {data.map((d) => (
          <tr key={d.device_assign_id}>
            <td>
              {d.device_name} {d.current && <Tag minimal>Current</Tag>}
            </td>
            <td>{d.IMEI}</td>
            <td>{d.device_type}</td>
            <td>{d.vitals.map((v) => v.vital_type).join(', ')}</td>
            <td>{displayUtcDay(d.assigned_at)}</td>
            <td>{d.unassigned_at ? displayUtcDay(d.unassigned_at) : '-'}</td>
            <td>{d.last_reading_at ? displayUtcDay(d.last_reading_at) : '-'}</td>
            <td>{d.active_rule_id !== null ? 'Active' : '-'}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
