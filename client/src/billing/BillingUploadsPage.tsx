import { Button, Intent } from '@blueprintjs/core';
import { CLAIM_STATUS_UPLOAD_COLUMNS, denialsList, resubmitClaimLine } from '@rpm/shared';
import { useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import { showToast } from '../toaster/toast';
import { UploadPage } from '../uploads/UploadPage';
import './billing-uploads.css';

/** The header of the payer's file, as the help text writes it. */
const HEADER = CLAIM_STATUS_UPLOAD_COLUMNS.map((c) => c.header).join(',');

/**
 * Billing Uploads (000 §2.4 'Billing Uploads'; decisions.md "Billing Uploads", "Denials worklist"): a payer's
 * claim-status file through the upload flow, then the Denials Worklist of the lines it denied, each with Resubmit.
 * A commit reloads the worklist.
 */
export function BillingUploadsPage() {
  const api = useApi();
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);

  const resubmit = async (lineId: number, reload: () => void) => {
    setBusy(lineId);
    try {
      const answer = await api.call(resubmitClaimLine, { body: { line_id: lineId } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      reload();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="billing-uploads">
      <section aria-labelledby="claim-file-heading">
        <h2 id="claim-file-heading" className="billing-uploads-heading">
          Claim-status file
        </h2>
        <p className="billing-uploads-help">
          Upload the payer's claim-status file: a CSV file with the header <code>{HEADER}</code>, one claim
          line a row. Patients are found by MRN in your practices. A line is known by its claim, code and date
          of service: the same file twice changes nothing, and a line with another status or amount is an
          update (tick 'Update existing records'). Each status is kept, so a denial later paid shows both.
          Denied lines stay on the Denials Worklist below until resubmitted.
        </p>
        <UploadPage kind="claims" onCommitted={() => setGeneration((n) => n + 1)} />
      </section>
      <section aria-labelledby="denials-heading" className="billing-uploads-denials">
        <h2 id="denials-heading" className="billing-uploads-heading">
          {denialsList.title}
        </h2>
        <ListScreen
          key={generation}
          def={denialsList}
          rowActions={(row, { reload }) => {
            const lineId = Number(row.line_id);
            return (
              <Button
                size="small"
                variant="minimal"
                intent={Intent.PRIMARY}
                icon="repeat"
                text="Resubmit"
                aria-label={`Resubmit claim ${String(row.claim_number)} ${String(row.cpt_code)}`}
                disabled={busy !== null && busy !== lineId}
                loading={busy === lineId}
                onClick={() => void resubmit(lineId, reload)}
              />
            );
          }}
        />
      </section>
    </div>
  );
}
