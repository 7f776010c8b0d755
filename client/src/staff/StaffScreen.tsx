import { Alert, Button, Intent } from '@blueprintjs/core';
import {
  deactivateStaff,
  type ListDef,
  MSG,
  SNACKBAR_MS,
  STAFF_ADMIN_PAGE,
  STAFF_LISTS,
  type StaffTable,
} from '@rpm/shared';
import { useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { AddAdminDialog } from './AddAdminDialog';

/** Props of {@link StaffScreen}. */
export interface StaffScreenProps {
  readonly name: StaffTable['name'];
}

/**
 * A staff table (000 §2.4, §2.7 Users menu; issue 16 part 1): the list of its role; those who administer staff
 * may deactivate a member, and on the Admins table add an admin (001 §2.8).
 */
export function StaffScreen({ name }: StaffScreenProps) {
  const api = useApi();
  const { user } = useSession();
  const admin = user?.pages.includes(STAFF_ADMIN_PAGE) ?? false;
  const [adding, setAdding] = useState<(() => void) | null>(null);
  const [deactivating, setDeactivating] = useState<{ id: number; name: string; reload: () => void } | null>(
    null,
  );

  const deactivate = async () => {
    if (!deactivating) return;
    const { id, reload } = deactivating;
    setDeactivating(null);
    try {
      const answer = await api.call(deactivateStaff, { body: { userid: id } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      reload();
    } catch {
      // The error dialog shows it.
    }
  };

  return (
    <>
      <ListScreen
        def={STAFF_LISTS[name] as unknown as ListDef}
        rowName={(row) => String(row.name)}
        {...(admin && name === 'administrators'
          ? {
              toolbarActions: ({ reload }) => (
                <Button icon="add" text="Add Admin" onClick={() => setAdding(() => reload)} />
              ),
            }
          : {})}
        {...(admin
          ? {
              rowActions: (row, { reload }) =>
                row.status === 'Active' && row.user_id !== user?.user_id ? (
                  <Button
                    small
                    intent={Intent.DANGER}
                    text="Deactivate"
                    aria-label={`Deactivate ${String(row.name)}`}
                    onClick={() =>
                      setDeactivating({ id: Number(row.user_id), name: String(row.name), reload })
                    }
                  />
                ) : null,
            }
          : {})}
      />
      <AddAdminDialog
        isOpen={adding !== null}
        onClose={() => setAdding(null)}
        onSaved={() => {
          adding?.();
          setAdding(null);
        }}
      />
      <Alert
        isOpen={deactivating !== null}
        intent={Intent.DANGER}
        confirmButtonText="Deactivate"
        cancelButtonText={MSG.close}
        onConfirm={() => void deactivate()}
        onCancel={() => setDeactivating(null)}
      >
        {/* decisions.md "Staff administration": deactivation ends the member's sessions at once. */}
        Deactivate {deactivating?.name}? They are signed out at once.
      </Alert>
    </>
  );
}
