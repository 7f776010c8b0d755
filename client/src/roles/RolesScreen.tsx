import { Button, Checkbox, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import {
  ADMIN_ROLE_ID,
  lowestRoleId,
  PAGES,
  rolePages,
  rolesList,
  SNACKBAR_MS,
  updateRolePages,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { FormField } from '../form/FormField';
import { ListScreen } from '../list/ListScreen';
import type { ListRow } from '../list/ListTable';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';

// Roles (000 §2.4 Roles Table, §6.2): the list and each role's Access dialog.

type Open = { readonly row: ListRow; readonly reload: () => void } | null;

export function RolesScreen() {
  const { user } = useSession();
  const [open, setOpen] = useState<Open>(null);
  // Only a top administrator edits roles; the server refuses others (bff/src/roles/store.ts).
  const edits = user !== null && lowestRoleId(user.roleid) === ADMIN_ROLE_ID;
  return (
    <>
      <ListScreen
        def={rolesList}
        {...(edits && {
          rowActions: (row: ListRow, { reload }: { reload: () => void }) => (
            <Button
              size="small"
              variant="minimal"
              icon="key"
              text="Access"
              onClick={() => setOpen({ row, reload })}
            />
          ),
        })}
      />
      {open && user && <AccessDialog open={open} held={user.pages} onClose={() => setOpen(null)} />}
    </>
  );
}

function AccessDialog({
  open,
  held,
  onClose,
}: {
  readonly open: NonNullable<Open>;
  readonly held: readonly string[];
  readonly onClose: () => void;
}) {
  const api = useApi();
  const [pages, setPages] = useState<string[]>(
    Array.isArray(open.row.page_names) ? (open.row.page_names as string[]) : [],
  );
  const [error, setError] = useState<string | undefined>();
  const toggle = (page: string) =>
    setPages((now) => (now.includes(page) ? now.filter((p) => p !== page) : [...now, page]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { role_id: Number(open.row.role_id), pages: PAGES.filter((p) => pages.includes(p)) };
    const checked = rolePages.safeParse(body.pages);
    setError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    try {
      const answer = await api.call(updateRolePages, { body });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      open.reload();
      onClose();
    } catch {
      // The error dialog shows it; the choice stays as made.
    }
  };

  return (
    <Dialog isOpen title={`Access: ${String(open.row.role)}`} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <DialogBody>
          <FormField id="role-pages" label="Pages" error={error}>
            {PAGES.map((page) => (
              <Checkbox
                key={page}
                label={page}
                checked={pages.includes(page)}
                // No one grants a page they lack; one already granted may still be taken away.
                disabled={!held.includes(page) && !pages.includes(page)}
                onChange={() => toggle(page)}
              />
            ))}
          </FormField>
        </DialogBody>
        <DialogFooter actions={<Button type="submit" intent={Intent.PRIMARY} text="Save" />} />
      </form>
    </Dialog>
  );
}
