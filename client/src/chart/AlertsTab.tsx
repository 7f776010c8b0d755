import { Button, Checkbox, HTMLSelect, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { acknowledgeAlerts, displayDateTime, displayUtcDay, getPatientAlerts, MSG } from '@rpm/shared';
import { useState } from 'react';
import { AcknowledgeDialog } from '../alerts/AcknowledgeDialog';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { TablePager } from '../list/TablePager';
import { usePaging } from '../list/use-paging';

type State = 'all' | 'open' | 'acknowledged';

export interface AlertsTabProps {
  readonly patientId: number;
}

/**
 * The Alerts tab (000 §2.3): the alerts the patient's readings raised, newest first, filtered all /
 * open / acknowledged; open ones can be selected and acknowledged, a page at a time.
 */
export function AlertsTab({ patientId }: AlertsTabProps) {
  const { call } = useApi();
  const [state, setState] = useState<State>('open');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [acknowledging, setAcknowledging] = useState<readonly number[]>([]);
  const paging = usePaging([patientId, state]);
  const { data, reload } = useCall(getPatientAlerts, {
    query: { patient_id: patientId, state, ...paging.query },
  });

  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="chart-alerts">
      <div className="chart-rules-toolbar">
        <HTMLSelect
          aria-label="Alert State"
          value={state}
          onChange={(e) => {
            setState(e.currentTarget.value as State);
            setChosen(new Set());
          }}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'acknowledged', label: 'Acknowledged' },
            { value: 'all', label: 'All' },
          ]}
        />
        <Button
          intent={Intent.PRIMARY}
          text="Acknowledge"
          disabled={chosen.size === 0}
          onClick={() => setAcknowledging([...chosen])}
        />
        {data && <span>{data.count} alert(s)</span>}
      </div>
      {!data ? (
        <p>{MSG.loading}</p>
      ) : data.data.length === 0 ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th />
              <th>Taken At</th>
              <th>Device</th>
              <th>Vital</th>
              <th>Value</th>
              <th>Level</th>
              <th>Bound</th>
              <th>Acknowledged</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((a) => (
              <tr key={a.alert_id}>
                <td>
                  {a.acknowledged_at === null && (
                    <Checkbox
                      aria-label={`Select alert ${a.alert_id}`}
                      checked={chosen.has(a.alert_id)}
                      onChange={() => toggle(a.alert_id)}
                      style={{ marginBottom: 0 }}
                    />
                  )}
                </td>
                <td>{displayDateTime(a.taken_at)}</td>
                <td>{a.device_name}</td>
                <td>{a.vital_type}</td>
                <td>
                  {a.value} {a.unit}
                </td>
                <td>
                  <Tag intent={a.level === 'critical' ? Intent.DANGER : Intent.WARNING} minimal>
                    {a.level === 'critical' ? 'Critical' : 'Abnormal'}{' '}
                    {a.direction === 'low' ? 'Low' : 'High'}
                  </Tag>
                </td>
                <td>{a.bound}</td>
                <td>
                  {a.acknowledged_at ? `${displayUtcDay(a.acknowledged_at)} ${a.acknowledged_by ?? ''}` : '-'}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {data && <TablePager {...paging.pager} count={data.count} />}
      <AcknowledgeDialog
        alertIds={acknowledging}
        submit={(fields) =>
          call(acknowledgeAlerts, {
            body: { ...fields, patient_id: patientId, alert_id: [...acknowledging] },
          })
        }
        onClose={() => setAcknowledging([])}
        onDone={() => {
          setChosen(new Set());
          setAcknowledging([]);
          reload();
        }}
      />
    </div>
  );
}
