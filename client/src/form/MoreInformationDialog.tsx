import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';
import { FactsTable } from './FactsTable';

export interface MoreInformationDialogProps {
  /** The record's fields as label/value rows; `null` keeps the dialog closed. */
  readonly rows: readonly (readonly [string, string])[] | null;
  readonly onClose: () => void;
  /** The table's class (its column widths). */
  readonly className?: string;
}

/**
 * 'More Information' (000 §2.11): one record's fields as a table, without the Operations column, and a close
 * button. Each screen decides which fields (an organisation's, a list row's columns).
 */
export function MoreInformationDialog({
  rows,
  onClose,
  className = 'info-table',
}: MoreInformationDialogProps) {
  return (
    <Dialog isOpen={rows !== null} title={MSG.moreInformation} onClose={onClose} isCloseButtonShown={false}>
      {rows && (
        <DialogBody>
          <FactsTable rows={rows} className={className} />
        </DialogBody>
      )}
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={MSG.close} onClick={onClose} />} />
    </Dialog>
  );
}
