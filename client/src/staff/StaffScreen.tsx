import { Alert, Button, ButtonGroup, Intent } from '@blueprintjs/core';
import {
  deactivateStaff,
  MSG,
  removeFromMap,
  SNACKBAR_MS,
  STAFF_ADMIN_PAGE,
  STAFF_LISTS,
  STAFF_TABLES,
  type StaffRow,
  type StaffTable,
} from '@rpm/shared';
import { useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { AddAdminDialog } from './AddAdminDialog';
import { EditStaffDialog } from './EditStaffDialog';
import { RESET_PASSWORD, ResetPasswordDialog } from './ResetPasswordDialog';
import { SignInLocks } from './SignInLocks';

export interface StaffScreenProps {
  readonly name: StaffTable['name'];
}

type Reload = () => void;

/**
 * A staff table (000 §2.4, §2.7 Users menu): the list of its role. Those who administer staff add a
 * member of the role ('Add Admin' on the Admins table, 001 §2.8), edit one, reset their password or deactivate them.
 */
export function StaffScreen({ name }: StaffScreenProps) {
  const api = useApi();
  const { user } = useSession();
  const admin = user?.pages.includes(STAFF_ADMIN_PAGE) ?? false;
  const table = STAFF_TABLES.find((t) => t.name === name) ?? STAFF_TABLES[0];
  const [adding, setAdding] = useState<Reload | null>(null);
  const [editing, setEditing] = useState<{ row: StaffRow; reload: Reload } | null>(null);
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const [deactivating, setDeactivating] = useState<{ row: StaffRow; reload: Reload } | null>(null);
  const [removing, setRemoving] = useState<{ row: StaffRow; reload: Reload } | null>(null);

  const deactivate = async () => {
    if (!deactivating) return;
    const { row, reload } = deactivating;
    setDeactivating(null);
    try {
      const answer = await api.call(deactivateStaff, { body: { userid: row.user_id } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      reload();
    } catch {
      // The error dialog shows it.
    }
  };

  // decisions.md "Select Admin eligibility and removal": the table's role goes; other roles and practices stay.
  const remove = async () => {
    if (!removing) return;
    const { row, reload } = removing;
    setRemoving(null);
    try {
      const answer = await api.call(removeFromMap, { body: { userid: row.user_id, roleid: table.roleId } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      reload();
    } catch {
      // The error dialog shows it (the last administrator of an organisation stays, 409).
    }
  };

  return (
    <>
      {admin ? <SignInLocks /> : null}
      <ListScreen
        def={STAFF_LISTS[name]}
        rowName={(row) => String(row.name)}
        {...(admin
          ? {
              toolbarActions: ({ reload }) => (
                <Button icon="add" text={`Add ${table.one}`} onClick={() => setAdding(() => reload)} />
              ),
              rowActions: (listed, { reload }) => {
                const row = listed as unknown as StaffRow;
                // A user's own account is changed from the profile (decisions.md "Staff administration").
                if (row.status !== 'Active' || row.user_id === user?.user_id) return null;
                return (
                  <ButtonGroup>
                    <Button
                      small
                      text="Edit"
                      aria-label={`Edit ${row.name}`}
                      onClick={() => setEditing({ row, reload })}
                    />
                    <Button
                      small
                      text={RESET_PASSWORD}
                      aria-label={`${RESET_PASSWORD} of ${row.name}`}
                      onClick={() => setResetting(row)}
                    />
                    <Button
                      small
                      text="Remove"
                      aria-label={`Remove ${row.name} from ${table.title}`}
                      onClick={() => setRemoving({ row, reload })}
                    />
                    <Button
                      small
                      intent={Intent.DANGER}
                      text="Deactivate"
                      aria-label={`Deactivate ${row.name}`}
                      onClick={() => setDeactivating({ row, reload })}
                    />
                  </ButtonGroup>
                );
              },
            }
          : {})}
      />
      <AddAdminDialog
        isOpen={adding !== null}
        table={table}
        onClose={() => setAdding(null)}
        onSaved={() => {
          adding?.();
          setAdding(null);
        }}
      />
      <EditStaffDialog
        member={editing?.row ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          editing?.reload();
          setEditing(null);
        }}
      />
      <ResetPasswordDialog member={resetting} onClose={() => setResetting(null)} />
      <Alert
        isOpen={deactivating !== null}
        intent={Intent.DANGER}
        confirmButtonText="Deactivate"
        cancelButtonText={MSG.close}
        onConfirm={() => void deactivate()}
        onCancel={() => setDeactivating(null)}
      >
        {/* decisions.md "Staff administration": deactivation ends the member's sessions at once. */}
        Deactivate {deactivating?.row.name}? They are signed out at once.
      </Alert>
      <Alert
        isOpen={removing !== null}
        intent={Intent.DANGER}
        confirmButtonText="Remove"
        cancelButtonText="Cancel"
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        Remove {removing?.row.name} from {table.title}? They lose the {table.one} role and the pages it opens;
        their other roles and practices stay.
      </Alert>
    </>
  );
}
