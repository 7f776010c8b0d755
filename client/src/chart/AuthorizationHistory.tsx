import { displayDate, getAuthorizationHistory } from '@rpm/shared';
import { Link } from 'wouter';
import { useCall } from '../api/use-call';
import { TablePager } from '../list/TablePager';
import { usePaging } from '../list/use-paging';
import { ChartTable } from './ChartTable';

/**
 * The authorization-history route (000 §2.3): insurance authorisation numbers over time, newest first; with no
 * patient in the route, those of every patient the user may see (decisions.md "Authorization history").
 */
export function AuthorizationHistory({ patientId }: { readonly patientId: number | null }) {
  const paging = usePaging(patientId);
  const { data } = useCall(getAuthorizationHistory, {
    query: { ...(patientId === null ? {} : { patient_id: patientId }), ...paging.query },
  });
  return (
    <div className="chart-authorizations">
      <h3>Authorization History</h3>
      <ChartTable
        rows={data?.data}
        columns={[
          'Patient',
          'Program',
          'Authorization Number',
          'Start Date',
          'End Date',
          'Recorded By',
          'Recorded On',
        ]}
      >
        {(a) => (
          <tr key={a.authorization_id}>
            <td>
              <Link href={`/app/patient-chart/enroll-details/${a.patient_id}`}>{a.patient_name}</Link>
            </td>
            <td>{a.program}</td>
            <td>{a.authorization_number}</td>
            <td>{displayDate(a.start_date)}</td>
            <td>{displayDate(a.end_date)}</td>
            <td>{a.recorded_by_name}</td>
            <td>{displayDate(a.recorded_at)}</td>
          </tr>
        )}
      </ChartTable>
      {data && <TablePager {...paging.pager} count={data.count} />}
    </div>
  );
}
