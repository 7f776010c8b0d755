import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import {
  assignTranscript,
  completeTranscript,
  displayDateTime,
  getTranscriptAssignees,
  MSG,
  TRANSCRIPT_MAX,
  TRANSCRIPT_STATUSES,
  transcriptQueuesList,
} from '@rpm/shared';
import { type FormEvent, useId, useState } from 'react';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import type { ListRow } from '../list/ListTable';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { ChoosePersonDialog } from '../worklists/ChoosePersonDialog';

const def = transcriptQueuesList;

/** A row being acted on, with the list's reload. */
interface Acting {
  readonly row: ListRow;
  readonly reload: () => void;
}

/** 'Voicemail of 11/14/2026 09:12 AM', naming a recording in labels and dialogs. */
const recordingName = (row: ListRow) => `${String(row.kind)} of ${displayDateTime(String(row.recorded_at))}`;

/**
 * Transcript Queues (000 §2.4 Billing Utility; decisions.md "Transcript Queues"): recorded calls and voicemails
 * awaiting a transcript, each with Assign to me, Assign (to someone who may see its patient) and Complete, whose
 * text joins the patient's notes.
 */
export function TranscriptQueuesScreen() {
  const api = useApi();
  const me = useSession().user?.user_id;
  const [busy, setBusy] = useState<number | null>(null);
  const [assigning, setAssigning] = useState<Acting | null>(null);
  const [completing, setCompleting] = useState<Acting | null>(null);

  const assignToMe = async (row: ListRow, reload: () => void) => {
    const id = Number(row.transcript_id);
    if (me === undefined) return;
    setBusy(id);
    try {
      const answer = await api.call(assignTranscript, { body: { transcript_id: id, assigned_to: me } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      reload();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ListScreen
        def={def}
        rowName={(row) => `${recordingName(row)}, ${String(row.patient_name)}`}
        rowActions={(row, { reload }) => {
          const id = Number(row.transcript_id);
          const name = recordingName(row);
          const done = row.status === TRANSCRIPT_STATUSES.completed;
          const othersOwn = row.status === TRANSCRIPT_STATUSES.assigned && row.assigned_to_me !== true;
          return (
            <>
              <Button
                size="small"
                variant="minimal"
                icon="person"
                text="Assign to me"
                aria-label={`Assign the ${name} to me`}
                disabled={done || row.assigned_to_me === true || (busy !== null && busy !== id)}
                loading={busy === id}
                onClick={() => void assignToMe(row, reload)}
              />
              <Button
                size="small"
                variant="minimal"
                icon="swap-horizontal"
                text="Assign"
                aria-label={`Assign the ${name}`}
                disabled={done}
                onClick={() => setAssigning({ row, reload })}
              />
              <Button
                size="small"
                variant="minimal"
                intent={Intent.SUCCESS}
                icon="tick"
                text="Complete"
                aria-label={`Complete the ${name}`}
                disabled={done || othersOwn}
                onClick={() => setCompleting({ row, reload })}
              />
            </>
          );
        }}
      />
      <AssignDialog
        acting={assigning}
        onClose={() => setAssigning(null)}
        onDone={() => {
          assigning?.reload();
          setAssigning(null);
        }}
      />
      <Dialog isOpen={completing !== null} title="Complete Transcript" onClose={() => setCompleting(null)}>
        {completing && (
          <CompleteForm
            row={completing.row}
            onClose={() => setCompleting(null)}
            onCompleted={() => {
              completing.reload();
              setCompleting(null);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

/** Assigns a transcript to someone getTranscriptAssignees offers. */
function AssignDialog({
  acting,
  onClose,
  onDone,
}: {
  readonly acting: Acting | null;
  readonly onClose: () => void;
  readonly onDone: () => void;
}) {
  const api = useApi();
  const id = acting ? Number(acting.row.transcript_id) : 0;
  const people = useCall(
    getTranscriptAssignees,
    { query: { transcript_id: id } },
    { enabled: acting !== null },
  );
  return (
    <ChoosePersonDialog
      isOpen={acting !== null}
      title="Assign Transcript"
      label="Assign to*"
      placeholder="Choose a person"
      action="Assign"
      subject={acting ? id : null}
      people={{ loading: people.loading, data: people.data?.data }}
      intro={acting && <p>{`${recordingName(acting.row)}: ${String(acting.row.patient_name)}`}</p>}
      send={async (userId) =>
        (await api.call(assignTranscript, { body: { transcript_id: id, assigned_to: userId } })).message
      }
      onDone={onDone}
      onClose={onClose}
    />
  );
}

/** The transcript or summary of one recording, added to the patient's notes. */
function CompleteForm({
  row,
  onClose,
  onCompleted,
}: {
  readonly row: ListRow;
  readonly onClose: () => void;
  readonly onCompleted: () => void;
}) {
  const api = useApi();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setError(MSG.required);
    setBusy(true);
    try {
      const answer = await api.call(completeTranscript, {
        body: { transcript_id: Number(row.transcript_id), transcript: text },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onCompleted();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <DialogBody>
        <p>
          {recordingName(row)} with {String(row.patient_name)} (contact {String(row.contact_id)}). The text is
          added to the patient&apos;s notes.
        </p>
        <FormGroup
          label="Transcript or summary*"
          labelFor={fieldId}
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error ?? `${text.length} / ${TRANSCRIPT_MAX}`}
        >
          <TextArea
            id={fieldId}
            fill
            rows={10}
            maxLength={TRANSCRIPT_MAX}
            value={text}
            intent={error ? Intent.DANGER : Intent.NONE}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button type="submit" intent={Intent.PRIMARY} text="Complete" loading={busy} />
          </>
        }
      />
    </form>
  );
}
