import { Button, Dialog, Intent } from '@blueprintjs/core';
import { FORM_STATUSES, type FormDetail, formsList, getForm, isOrganizationAdministrator } from '@rpm/shared';
import { useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import type { ListRow } from '../list/ListTable';
import { useSession } from '../session/SessionProvider';
import { FillForm } from './FillForm';
import { FormEditor } from './FormEditor';
import './forms.css';

const def = formsList;

type Editing = { readonly form?: FormDetail; readonly reload: () => void };
type Filling = { readonly row: ListRow; readonly reload: () => void };

/**
 * Form (/app/form, 000 §2.4 'form'; decisions.md "Form"): the organisation's custom forms; administrators add and
 * edit them (a field editor), and everyone on the page fills an active one in for a patient.
 */
export function FormsScreen() {
  const { call } = useApi();
  const { user } = useSession();
  const admin = isOrganizationAdministrator(user?.roleid ?? []);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [filling, setFilling] = useState<Filling | null>(null);

  const edit = async (row: ListRow, reload: () => void) => {
    try {
      const form = (await call(getForm, { query: { form_id: Number(row.form_id) } })).data;
      setEditing({ form, reload });
    } catch {
      // Shown by the error dialog (000 §8).
    }
  };

  return (
    <>
      <ListScreen
        def={def}
        rowName={(row) => String(row.title)}
        toolbarActions={({ reload }) =>
          admin && (
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              text="Add Form"
              onClick={() => setEditing({ reload })}
            />
          )
        }
        rowActions={(row, { reload }) => (
          <>
            {row.status === FORM_STATUSES.active && (
              <Button
                size="small"
                variant="minimal"
                icon="edit"
                text="Fill in"
                aria-label={`Fill in ${String(row.title)}`}
                onClick={() => setFilling({ row, reload })}
              />
            )}
            {admin && (
              <Button
                size="small"
                variant="minimal"
                icon="cog"
                text="Edit"
                aria-label={`Edit ${String(row.title)}`}
                onClick={() => void edit(row, reload)}
              />
            )}
          </>
        )}
      />
      <Dialog
        isOpen={editing !== null}
        title={editing?.form ? `Edit ${editing.form.title}` : 'Add Form'}
        className="form-editor-dialog"
        onClose={() => setEditing(null)}
      >
        {editing && (
          <FormEditor
            form={editing.form}
            onClose={() => setEditing(null)}
            onSaved={() => {
              editing.reload();
              setEditing(null);
            }}
          />
        )}
      </Dialog>
      <Dialog
        isOpen={filling !== null}
        title={`Fill in ${String(filling?.row.title ?? '')}`}
        className="form-fill-dialog"
        onClose={() => setFilling(null)}
      >
        {filling && <FillForm formId={Number(filling.row.form_id)} onSubmitted={filling.reload} />}
      </Dialog>
    </>
  );
}
