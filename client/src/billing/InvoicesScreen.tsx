import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import {
  creditInvoice,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  invoicePdf,
  invoicesList,
  issueInvoice,
  monthLabel,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/api-error';
import { downloadFile } from '../api/download';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import type { ListRow } from '../list/ListTable';
import { showToast } from '../toaster/toast';

const def = invoicesList;

/** The months a biller may invoice: the twelve that have ended, newest first ('YYYY-MM'; decisions.md "Invoices"). */
export function endedMonths(now: Date, count = 12): string[] {
  return Array.from({ length: count }, (_, n) => {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - n, 1));
    return at.toISOString().slice(0, 7);
  });
}

/**
 * Invoices (000 §2.4 'Invoices'; decisions.md "Invoices"): the list of invoices and credit notes, 'Issue Invoice'
 * for a practice and an ended month, each row's PDF, and 'Credit' on an issued invoice.
 */
export function InvoicesScreen() {
  const api = useApi();
  const [issuing, setIssuing] = useState<(() => void) | null>(null);
  const [crediting, setCrediting] = useState<{ row: ListRow; reload: () => void } | null>(null);

  const download = (row: ListRow) =>
    void downloadFile(
      invoicePdf,
      { query: { invoice_id: Number(row.invoice_id) } },
      `${row.number}.pdf`,
    ).catch((error: unknown) => (error instanceof ApiError ? api.showError(error) : undefined));

  return (
    <>
      <ListScreen
        def={def}
        rowName={(row) => String(row.number)}
        toolbarActions={({ reload }) => (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text="Issue Invoice"
            onClick={() => setIssuing(() => reload)}
          />
        )}
        rowActions={(row, { reload }) => (
          <>
            <Button
              size="small"
              variant="minimal"
              icon="document"
              text="PDF"
              aria-label={`Download ${String(row.number)} as PDF`}
              onClick={() => download(row)}
            />
            {row.kind === INVOICE_KINDS.invoice && row.status === INVOICE_STATUSES.issued && (
              <Button
                size="small"
                variant="minimal"
                intent={Intent.DANGER}
                icon="undo"
                text="Credit"
                aria-label={`Issue a credit note for ${String(row.number)}`}
                onClick={() => setCrediting({ row, reload })}
              />
            )}
          </>
        )}
      />
      <Dialog isOpen={issuing !== null} title="Issue Invoice" onClose={() => setIssuing(null)}>
        {issuing && (
          <IssueForm
            onClose={() => setIssuing(null)}
            onIssued={() => {
              issuing();
              setIssuing(null);
            }}
          />
        )}
      </Dialog>
      <Dialog isOpen={crediting !== null} title="Issue Credit Note" onClose={() => setCrediting(null)}>
        {crediting && (
          <CreditForm
            row={crediting.row}
            onClose={() => setCrediting(null)}
            onCredited={() => {
              crediting.reload();
              setCrediting(null);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

/** The practice (those the user bills whole) and the ended month of a new invoice. */
function IssueForm({ onClose, onIssued }: { readonly onClose: () => void; readonly onIssued: () => void }) {
  const api = useApi();
  const practices = useCall(def.calls.filterOptions, {}).data?.data.practice ?? [];
  const months = endedMonths(new Date());
  const [practice, setPractice] = useState('');
  const [month, setMonth] = useState(months[0] ?? '');
  const [busy, setBusy] = useState(false);
  const chosen = practice || practices[0]?.value || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await api.call(issueInvoice, { body: { practice_id: Number(chosen), month } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onIssued();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <DialogBody>
        <FormGroup label="Practice*" labelFor="invoice-practice">
          <HTMLSelect
            id="invoice-practice"
            fill
            value={chosen}
            onChange={(event) => setPractice(event.currentTarget.value)}
            options={practices.map((option) => ({ value: option.value, label: option.label }))}
          />
        </FormGroup>
        <FormGroup label="Month*" labelFor="invoice-month">
          <HTMLSelect
            id="invoice-month"
            fill
            value={month}
            onChange={(event) => setMonth(event.currentTarget.value)}
            options={months.map((value) => ({ value, label: monthLabel(value) }))}
          />
        </FormGroup>
        <p>The invoice lists the month's billed codes of the practice as the billing reports show them.</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text="Issue Invoice"
              loading={busy}
              disabled={chosen === ''}
            />
          </>
        }
      />
    </form>
  );
}

/** The reason of a credit note cancelling a whole invoice. */
function CreditForm({
  row,
  onClose,
  onCredited,
}: {
  readonly row: ListRow;
  readonly onClose: () => void;
  readonly onCredited: () => void;
}) {
  const api = useApi();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await api.call(creditInvoice, { body: { invoice_id: Number(row.invoice_id), reason } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onCredited();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <DialogBody>
        <p>
          The credit note cancels the whole of invoice {String(row.number)}; {String(row.practice_name)} may
          then be invoiced again for {monthLabel(String(row.period))}.
        </p>
        <FormGroup label="Reason*" labelFor="credit-reason">
          <TextArea
            id="credit-reason"
            fill
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              type="submit"
              intent={Intent.DANGER}
              text="Issue Credit Note"
              loading={busy}
              disabled={reason.trim() === ''}
            />
          </>
        }
      />
    </form>
  );
}
