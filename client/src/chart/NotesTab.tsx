import { Button, Card, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import {
  addPatientNote,
  displayUtcDay,
  getPatientNotes,
  MSG,
  PATIENT_NOTE_MAX,
  updatePatientNote,
} from '@rpm/shared';
import { useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { TablePager } from '../list/TablePager';
import { usePaging } from '../list/use-paging';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';

export interface NotesTabProps {
  readonly patientId: number;
  /** The route's {add?} segment (000 §2.3): the new-note field takes the focus. */
  readonly adding?: boolean;
}

/**
 * The Notes tab (000 §2.3 notes/{patientId?}/{add?}/{op?}): the patient's notes, newest first, a form to add one,
 * and Edit on the user's own notes, a page at a time.
 */
export function NotesTab({ patientId, adding = false }: NotesTabProps) {
  const { call } = useApi();
  const { user } = useSession();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const paging = usePaging(patientId);
  const { data, reload } = useCall(getPatientNotes, {
    query: { patient_id: patientId, ...paging.query },
  });

  const actionKey = useActionKey(patientId, text);
  const add = async () => {
    if (text.trim() === '') return setError(MSG.required);
    setError(null);
    try {
      const answer = await call(addPatientNote, {
        body: { patient_id: patientId, note: text },
        headers: { 'idempotency-key': actionKey },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      setText('');
      reload();
    } catch {
      // Shown by the error dialog.
    }
  };

  const save = async () => {
    if (!editing || editing.text.trim() === '') return;
    try {
      await call(updatePatientNote, { body: { note_id: editing.id, note: editing.text } });
      setEditing(null);
      reload();
    } catch {
      // Shown by the error dialog.
    }
  };

  return (
    <div className="chart-notes">
      <FormGroup
        label="New Note"
        labelFor="chart-new-note"
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error}
      >
        <TextArea
          id="chart-new-note"
          fill
          autoFocus={adding}
          maxLength={PATIENT_NOTE_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </FormGroup>
      <Button intent={Intent.PRIMARY} text="Add Note" onClick={() => void add()} />
      {!data ? (
        <p>{MSG.loading}</p>
      ) : data.data.length === 0 ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        data.data.map((n) => (
          <Card key={n.note_id} compact className="chart-note">
            <div className="chart-muted">
              {n.author_name}, {displayUtcDay(n.created_at)}
            </div>
            {editing?.id === n.note_id ? (
              <>
                <TextArea
                  fill
                  aria-label="Edit Note"
                  maxLength={PATIENT_NOTE_MAX}
                  value={editing.text}
                  onChange={(e) => setEditing({ id: n.note_id, text: e.currentTarget.value })}
                />
                <Button small intent={Intent.PRIMARY} text={MSG.save} onClick={() => void save()} />
                <Button small text={MSG.close} onClick={() => setEditing(null)} />
              </>
            ) : (
              <>
                <p className="chart-note-text">{n.note}</p>
                {n.author_id === user?.user_id && (
                  <Button
                    small
                    minimal
                    icon="edit"
                    text={MSG.edit}
                    onClick={() => setEditing({ id: n.note_id, text: n.note })}
                  />
                )}
              </>
            )}
          </Card>
        ))
      )}
      {data && <TablePager {...paging.pager} count={data.count} />}
    </div>
  );
}
