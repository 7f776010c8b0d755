import { Button, HTMLSelect, Intent } from '@blueprintjs/core';
import { SNACKBAR_MS } from '@rpm/shared';
import { useState } from 'react';
import { showToast } from '../toaster/toast';
import type { ListRow } from './ListTable';

// A list's add and edit dialog: which row it edits, the toolbar's Add and each row's Edit, the parent select, the
// save step (Practices, Locations, the configuration tables).

/** A form's open state: create, or edit of a row; with the list's reload. */
export type Open = { readonly row: ListRow | null; readonly reload: () => void } | null;

export function useRecordForm() {
  const [open, setOpen] = useState<Open>(null);
  const addButton = (text: string) => ({
    toolbarActions: ({ reload }: { reload: () => void }) => (
      <Button icon="add" text={text} onClick={() => setOpen({ row: null, reload })} />
    ),
    rowActions: (row: ListRow, { reload }: { reload: () => void }) => (
      <Button
        size="small"
        variant="minimal"
        icon="edit"
        text="Edit"
        onClick={() => setOpen({ row, reload })}
      />
    ),
  });
  return { open, close: () => setOpen(null), addButton };
}

/** A form's parent (organisation or practice): fixed once the record exists, as an edit never moves it. */
export function ParentSelect(props: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly options: readonly { readonly value: string | number; readonly label: string }[];
  readonly locked: boolean;
}) {
  return (
    <HTMLSelect
      id={props.id}
      value={props.value}
      disabled={props.locked}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    >
      <option value="">Select</option>
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </HTMLSelect>
  );
}

/** Sends a form's call; on success its message as a toast, the list reloaded and the dialog closed. */
export async function saved(
  open: NonNullable<Open>,
  onClose: () => void,
  send: () => Promise<{ message: string }>,
) {
  try {
    const answer = await send();
    void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
    open.reload();
    onClose();
  } catch {
    // The error dialog shows it; the form stays as typed.
  }
}
