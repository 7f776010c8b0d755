import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { formatCell, generateMonthlyReport, getReportMonths, MSG, monthLabel, PRODUCT } from '@rpm/shared';
import { useState } from 'react';
import { ApiError } from '../api/api-error';
import { downloadFile } from '../api/download';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';

export interface ReportsTabProps {
  readonly patientId: number;
}

const minutes = (seconds: number) => formatCell(Math.floor(seconds / 60), 'minutes');

/**
 * The Reports tab (000 §2.3): the months with readings, minutes or a set-up, newest first, each with its
 * figures and a download of the month's RPM summary for the physician as a PDF.
 */
export function ReportsTab({ patientId }: ReportsTabProps) {
  const api = useApi();
  const { data: answer, loading } = useCall(getReportMonths, { query: { patient_id: patientId } });
  const data = answer?.data;
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (month: string) => {
    setDownloading(month);
    try {
      await downloadFile(
        generateMonthlyReport,
        { query: { patient_id: patientId, month } },
        `${PRODUCT}_Monthly_Summary_${patientId}_${month}.pdf`,
      );
    } catch (error) {
      if (error instanceof ApiError) void api.showError(error);
      else throw error;
    } finally {
      setDownloading(null);
    }
  };

  if (!data) return loading ? <p>{MSG.loading}</p> : null;
  if (data.length === 0) return <NonIdealState icon="document" title={MSG.noRecordsFound} />;
  return (
    <div className="chart-reports">
      <h3>Monthly {PRODUCT} Summary</h3>
      <HTMLTable compact striped>
        <thead>
          <tr>
            <th>Month</th>
            <th>Reading Days</th>
            <th>RPM Minutes</th>
            <th>CCM Minutes</th>
            <th>Alerts</th>
            <th>Codes Met</th>
            <th aria-label="Download" />
          </tr>
        </thead>
        <tbody>
          {data.map((m) => (
            <tr key={m.month}>
              <td>{monthLabel(m.month)}</td>
              <td>{formatCell(m.reading_days, 'readingDays')}</td>
              <td>{minutes(m.rpm_seconds)}</td>
              <td>{minutes(m.ccm_seconds)}</td>
              <td>{m.alerts}</td>
              <td>{m.codes.join(', ')}</td>
              <td>
                <Button
                  small
                  icon="download"
                  text="PDF"
                  aria-label={`Download the ${monthLabel(m.month)} summary`}
                  loading={downloading === m.month}
                  onClick={() => void download(m.month)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
