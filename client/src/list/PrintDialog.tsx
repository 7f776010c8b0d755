import { Button, Dialog, DialogBody, DialogFooter, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { type ExportFormat, MSG } from '@rpm/shared';
import { useEffect, useState } from 'react';

const FORMAT_LABELS: Record<ExportFormat, string> = { pdf: MSG.printPdf, csv: MSG.printCsv };

export interface PrintDialogProps {
  readonly isOpen: boolean;
  /** The list's export formats (its definition's `exports`). */
  readonly formats: readonly ExportFormat[];
  readonly busy: boolean;
  readonly onDownload: (format: ExportFormat) => void;
  readonly onClose: () => void;
}

/** The print-options dialog (001 §2.4): PDF or CSV (spreadsheet) of the whole filtered list. */
export function PrintDialog({ isOpen, formats, busy, onDownload, onClose }: PrintDialogProps) {
  const [format, setFormat] = useState<ExportFormat | undefined>(formats[0]);
  useEffect(() => {
    if (isOpen) setFormat(formats[0]);
  }, [isOpen, formats]);
  return (
    <Dialog isOpen={isOpen} title="Print Options" onClose={onClose}>
      <DialogBody>
        <RadioGroup
          label="Format"
          selectedValue={format}
          onChange={(event) => setFormat(event.currentTarget.value as ExportFormat)}
        >
          {formats.map((f) => (
            <Radio key={f} value={f} label={FORMAT_LABELS[f]} />
          ))}
        </RadioGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="Download"
              loading={busy}
              disabled={format === undefined}
              onClick={() => format && onDownload(format)}
            />
          </>
        }
      />
    </Dialog>
  );
}
