import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import {
  isoDay,
  MSG,
  TIME_CATEGORIES,
  TIME_ENTRY_MAX_MINUTES,
  TIMER_PROGRAMS,
  type TimeEntry,
  timeEntry,
} from '@rpm/shared';
import { useEffect, useId, useState } from 'react';

type Program = (typeof TIMER_PROGRAMS)[number];
type Category = (typeof TIME_CATEGORIES)[number];

/** What a timer's stop logs (the server measured the time). */
export interface StopAnswer {
  readonly program: Program;
  readonly category: Category;
  readonly note: string;
  readonly interactive: boolean;
}

export type TimeEntryDialogProps =
  | {
      /** Stop a timer: its time is measured; the dialog asks what it was (issue 41 §2). */
      readonly mode: 'stop';
      readonly isOpen: boolean;
      readonly program: Program;
      /** What the timer counted, e.g. '12:05'. */
      readonly elapsed: string;
      readonly onLog: (answer: StopAnswer) => Promise<void>;
      readonly onDiscard: () => Promise<void>;
      readonly onClose: () => void;
    }
  | {
      /** Enter or correct time done outside the product. */
      readonly mode: 'entry';
      readonly isOpen: boolean;
      /** The entry corrected, or null for a new one. */
      readonly initial: TimeEntry | null;
      readonly onSave: (entry: TimeEntry) => Promise<void>;
      readonly onClose: () => void;
    };

const stopChoice = timeEntry.pick({ program: true, category: true, interactive: true });

type Errors = Partial<Record<keyof TimeEntry, string>>;

const MESSAGES: Record<keyof TimeEntry, string> = {
  day: 'Enter a day that is not in the future',
  minutes: `Enter whole minutes from 1 to ${TIME_ENTRY_MAX_MINUTES}`,
  program: MSG.required,
  category: MSG.required,
  note: MSG.required,
  interactive: MSG.required,
};

/**
 * The care-time dialog (decisions.md "Care time entries"): on a timer's stop it asks program, activity category,
 * note and whether it was an interactive contact; for a manual entry also the day and the minutes. The fields are
 * checked by the calls' own schema (chart-activity.ts); the server decides the rest (a future day, a billed month).
 */
export function TimeEntryDialog(props: TimeEntryDialogProps) {
  const id = useId();
  const today = isoDay(new Date());
  const initial = props.mode === 'entry' ? props.initial : null;
  const [day, setDay] = useState(today);
  const [minutes, setMinutes] = useState('');
  const [program, setProgram] = useState<Program>('RPM');
  const [category, setCategory] = useState<Category | ''>('');
  const [note, setNote] = useState('');
  const [interactive, setInteractive] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const startProgram = props.mode === 'stop' ? props.program : (initial?.program ?? 'RPM');

  useEffect(() => {
    if (!props.isOpen) return;
    setDay(initial?.day ?? today);
    setMinutes(initial ? String(initial.minutes) : '');
    setProgram(startProgram);
    setCategory(initial?.category ?? '');
    setNote(initial?.note ?? '');
    setInteractive(initial?.interactive ?? false);
    setErrors({});
  }, [props.isOpen, initial, today, startProgram]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // Shown by the error dialog (000 §8; 409: the month's claim was sent); the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const fields = { day, minutes: Number(minutes), program, category, note, interactive };
    // A stop logs measured time: no day or minutes, and the note is optional.
    const parsed =
      props.mode === 'entry'
        ? timeEntry.safeParse(fields)
        : stopChoice.safeParse({ program, category, interactive });
    const future = props.mode === 'entry' && day > today;
    if (!parsed.success || future) {
      const paths = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0]));
      if (future) paths.add('day');
      setErrors(Object.fromEntries([...paths].map((p) => [p, MESSAGES[p as keyof TimeEntry]])));
      return;
    }
    setErrors({});
    const answer = parsed.data;
    void run(() =>
      props.mode === 'entry'
        ? props.onSave(answer as TimeEntry)
        : props.onLog({ ...(answer as Omit<StopAnswer, 'note'>), note: note.trim() }),
    );
  };

  const field = (key: keyof TimeEntry) => ({
    intent: errors[key] ? Intent.DANGER : Intent.NONE,
    helperText: errors[key],
  });

  const title =
    props.mode === 'stop' ? `Stop Timer (${props.elapsed})` : initial ? 'Edit Time Entry' : 'Add Time Entry';
  return (
    <Dialog isOpen={props.isOpen} title={title} onClose={props.onClose}>
      <DialogBody>
        {props.mode === 'entry' && (
          <>
            <FormGroup label="Date*" labelFor={`${id}-day`} {...field('day')}>
              <InputGroup
                id={`${id}-day`}
                type="date"
                max={today}
                value={day}
                intent={field('day').intent}
                onValueChange={setDay}
              />
            </FormGroup>
            <FormGroup label="Minutes*" labelFor={`${id}-minutes`} {...field('minutes')}>
              <InputGroup
                id={`${id}-minutes`}
                type="number"
                min={1}
                max={TIME_ENTRY_MAX_MINUTES}
                value={minutes}
                intent={field('minutes').intent}
                onValueChange={setMinutes}
              />
            </FormGroup>
          </>
        )}
        <FormGroup label="Program*" labelFor={`${id}-program`}>
          <HTMLSelect
            id={`${id}-program`}
            value={program}
            options={[...TIMER_PROGRAMS]}
            onChange={(event) => setProgram(event.currentTarget.value as Program)}
          />
        </FormGroup>
        <FormGroup label="Activity*" labelFor={`${id}-category`} {...field('category')}>
          <HTMLSelect
            id={`${id}-category`}
            value={category}
            options={[{ value: '', label: 'Choose the activity' }, ...TIME_CATEGORIES]}
            onChange={(event) => setCategory(event.currentTarget.value as Category)}
          />
        </FormGroup>
        <FormGroup
          label={props.mode === 'entry' ? 'Note*' : 'Note'}
          labelFor={`${id}-note`}
          {...field('note')}
        >
          <TextArea
            id={`${id}-note`}
            fill
            rows={3}
            maxLength={500}
            value={note}
            intent={field('note').intent}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        </FormGroup>
        <Checkbox
          label="Interactive contact with the patient or caregiver"
          checked={interactive}
          onChange={(event) => setInteractive(event.currentTarget.checked)}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={props.onClose} />
            {props.mode === 'stop' && (
              <Button text="Discard" disabled={busy} onClick={() => void run(props.onDiscard)} />
            )}
            <Button
              intent={Intent.PRIMARY}
              text={props.mode === 'stop' ? 'Log Time' : 'Save'}
              loading={busy}
              onClick={save}
            />
          </>
        }
      />
    </Dialog>
  );
}
