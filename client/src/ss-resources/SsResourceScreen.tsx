import { Alert, AnchorButton, Button, Dialog, Intent } from '@blueprintjs/core';
import { deleteSsResource, getSsResourceFile, SS_RESOURCE_KINDS, ssResourcesList } from '@rpm/shared';
import { useState } from 'react';
import { ApiError } from '../api/api-error';
import { downloadFile } from '../api/download';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import type { ListRow } from '../list/ListTable';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { AddResourceForm } from './AddResourceForm';

const def = ssResourcesList;

/** Administrators (roles 1 and 2) remove any resource; others their own (the server decides; this hides the button). */
const ADMIN_ROLES = [1, 2];

/**
 * SS Resource (/app/ss-resource, 000 §2.4 'Billing Utility' row; decisions.md "SS Resource"): the organisation's
 * sleep-study resources, 'Add Resource' (a file or a link), each row's Open or Download, and Delete for its uploader
 * or an administrator.
 */
export function SsResourceScreen() {
  const api = useApi();
  const { user } = useSession();
  const [adding, setAdding] = useState<(() => void) | null>(null);
  const [removing, setRemoving] = useState<{ row: ListRow; reload: () => void } | null>(null);
  const admin = user?.roleid.some((role) => ADMIN_ROLES.includes(role)) ?? false;

  const download = (row: ListRow) =>
    void downloadFile(
      getSsResourceFile,
      { query: { resource_id: Number(row.resource_id) } },
      String(row.source),
    ).catch((error: unknown) => (error instanceof ApiError ? api.showError(error) : undefined));

  const remove = async () => {
    if (!removing) return;
    try {
      const answer = await api.call(deleteSsResource, {
        body: { resource_id: Number(removing.row.resource_id) },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      removing.reload();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setRemoving(null);
    }
  };

  return (
    <>
      <ListScreen
        def={def}
        rowName={(row) => String(row.title)}
        toolbarActions={({ reload }) => (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text="Add Resource"
            onClick={() => setAdding(() => reload)}
          />
        )}
        rowActions={(row, { reload }) => (
          <>
            {row.kind === SS_RESOURCE_KINDS.link ? (
              <AnchorButton
                size="small"
                variant="minimal"
                icon="share"
                text="Open"
                href={String(row.source)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open ${String(row.title)} in a new tab`}
              />
            ) : (
              <Button
                size="small"
                variant="minimal"
                icon="download"
                text="Download"
                aria-label={`Download ${String(row.title)}`}
                onClick={() => download(row)}
              />
            )}
            {(admin || row.uploaded_by_id === user?.user_id) && (
              <Button
                size="small"
                variant="minimal"
                intent={Intent.DANGER}
                icon="trash"
                text="Delete"
                aria-label={`Delete ${String(row.title)}`}
                onClick={() => setRemoving({ row, reload })}
              />
            )}
          </>
        )}
      />
      <Dialog isOpen={adding !== null} title="Add Resource" onClose={() => setAdding(null)}>
        {adding && (
          <AddResourceForm
            onClose={() => setAdding(null)}
            onAdded={() => {
              adding();
              setAdding(null);
            }}
          />
        )}
      </Dialog>
      <Alert
        isOpen={removing !== null}
        intent={Intent.DANGER}
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        Delete {String(removing?.row.title ?? '')} from the resources?
      </Alert>
    </>
  );
}
