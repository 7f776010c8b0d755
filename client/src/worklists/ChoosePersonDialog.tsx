import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { showToast } from '../toaster/toast';

/** A person a record can be handed to. */
export interface Person {
  readonly user_id: number;
  readonly name: string;
}

export interface ChoosePersonDialogProps {
  readonly isOpen: boolean;
  readonly title: string;
  /** The select's label, '*' marking it required. */
  readonly label: string;
  readonly placeholder: string;
  /** The confirming button's text. */
  readonly action: string;
  /** Changes when the dialog opens for other records: the choice is cleared. */
  readonly subject: unknown;
  /** The people offered, as their call loads them. */
  readonly people: { readonly loading: boolean; readonly data: readonly Person[] | undefined };
  readonly intro?: ReactNode;
  /** Sends the choice and answers the message to show; a refusal is shown by the error dialog (000 §8). */
  readonly send: (userId: number) => Promise<string>;
  readonly onDone: () => void;
  readonly onClose: () => void;
}

/** Hands records to one person chosen from those offered (My Tasks' Reassign, Patient Transfer). */
export function ChoosePersonDialog(props: ChoosePersonDialogProps) {
  const { isOpen, people, subject, send, onDone, onClose } = props;
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (subject !== null && subject !== undefined) {
      setChosen('');
      setError(null);
    }
  }, [subject]);
  const offered = people.data ?? [];

  const save = async () => {
    if (chosen === '') return setError(MSG.required);
    setBusy(true);
    try {
      void showToast({ message: await send(Number(chosen)), intent: Intent.SUCCESS });
      onDone();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} title={props.title} onClose={onClose}>
      <DialogBody>
        {props.intro}
        <FormGroup
          label={props.label}
          labelFor={id}
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error ?? (people.data && offered.length === 0 ? MSG.noOptions : undefined)}
        >
          <HTMLSelect
            id={id}
            fill
            value={chosen}
            disabled={people.loading}
            options={[
              { value: '', label: people.loading ? MSG.loading : props.placeholder },
              ...offered.map((p) => ({ value: String(p.user_id), label: p.name })),
            ]}
            onChange={(event) => {
              setChosen(event.currentTarget.value);
              setError(null);
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={props.action} loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
