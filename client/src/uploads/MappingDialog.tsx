import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, Intent } from '@blueprintjs/core';
import { headerKey, UPLOAD_CALLS, UPLOAD_KIND_INFO, type UploadKind } from '@rpm/shared';
import { useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';

export interface MappingDialogProps {
  readonly kind: UploadKind;
  readonly organizationId: number;
  /** The organisation's saved mapping: their header → our field. */
  readonly saved: Readonly<Record<string, string>>;
  /** The chosen file's headers, when a file was chosen. */
  readonly fileHeaders: readonly string[];
  readonly onClose: (saved: Record<string, string> | null) => void;
}

/**
 * The column mapping of another system's export (decisions.md "CSV uploads"): for each of our columns, the header
 * of the file that fills it; saved for the organisation, so its next exports read without renaming.
 */
export function MappingDialog({ kind, organizationId, saved, fileHeaders, onClose }: MappingDialogProps) {
  const { call } = useApi();
  const columns = UPLOAD_KIND_INFO[kind].columns;
  const [theirsOf, setTheirsOf] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(saved).map(([theirs, field]) => [field, theirs])),
  );
  const choices = [...new Set([...fileHeaders, ...Object.keys(saved)])].filter(
    (h) => !columns.some((c) => headerKey(c.header) === headerKey(h)),
  );
  const save = async () => {
    const mapping = Object.fromEntries(
      Object.entries(theirsOf)
        .filter(([, theirs]) => theirs !== '')
        .map(([field, theirs]) => [theirs, field]),
    );
    try {
      const answer = await call(UPLOAD_CALLS[kind].saveMapping, {
        body: { organization_id: organizationId, mapping },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onClose(mapping);
    } catch {
      // Shown by the error dialog.
    }
  };
  return (
    <Dialog isOpen title="Column mapping" onClose={() => onClose(null)} style={{ width: 640 }}>
      <DialogBody>
        <p>
          Choose which column of your file fills each of ours. Columns named like ours (case and spaces
          ignored) need no mapping.
        </p>
        {choices.length === 0 ? (
          <p>Choose a file first: its column names are offered here.</p>
        ) : (
          <HTMLTable compact className="upload-mapping">
            <thead>
              <tr>
                <th scope="col">Our column</th>
                <th scope="col">Your column</th>
              </tr>
            </thead>
            <tbody>
              {columns.map((c) => (
                <tr key={c.field}>
                  <th scope="row">
                    {c.header}
                    {c.required && ' *'}
                  </th>
                  <td>
                    <HTMLSelect
                      aria-label={`Your column for ${c.header}`}
                      value={theirsOf[c.field] ?? ''}
                      onChange={(e) => setTheirsOf({ ...theirsOf, [c.field]: e.currentTarget.value })}
                    >
                      <option value="">(same name)</option>
                      {choices.map((h) => (
                        <option key={h} value={h}>
                          {h}
                        </option>
                      ))}
                    </HTMLSelect>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={() => onClose(null)} />
            <Button intent={Intent.PRIMARY} text="Save mapping" onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
