import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { isoDay, MSG, RULE_DEFAULT_END_DATE, resumeDatesErrors } from '@rpm/shared';
import { useState } from 'react';

export interface ResumeDialogProps {
  readonly busy: boolean;
  readonly onSave: (dates: { start_date: string; end_date: string }) => void;
  readonly onNo: () => void;
  readonly onClose: () => void;
}

/**
 * 'When would you like to resume patient monitoring?' (001 §2.2, §5): start and end pickers, the start at most
 * today, the end after the start else 'Invalid Date' (resumeDatesErrors); Save continues with the dates, No
 * terminates only.
 */
export function ResumeDialog({ busy, onSave, onNo, onClose }: ResumeDialogProps) {
  const today = isoDay(new Date());
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState<string>(RULE_DEFAULT_END_DATE);
  const [shown, setShown] = useState(false);
  const errors = resumeDatesErrors({ start_date: start || null, end_date: end || null }, today);
  const save = () => {
    setShown(true);
    if (Object.keys(errors).length === 0) onSave({ start_date: start, end_date: end });
  };
  return (
    <Dialog isOpen title={MSG.resumeMonitoring} onClose={onClose}>
      <DialogBody>
        <FormGroup
          label="Start Date"
          labelFor="resume-start"
          intent={shown && errors.start_date ? Intent.DANGER : Intent.NONE}
          helperText={shown ? errors.start_date : undefined}
        >
          <InputGroup
            id="resume-start"
            type="date"
            max={today}
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup
          label="End Date"
          labelFor="resume-end"
          intent={shown && errors.end_date ? Intent.DANGER : Intent.NONE}
          helperText={shown ? errors.end_date : undefined}
        >
          <InputGroup
            id="resume-end"
            type="date"
            min={today}
            max={RULE_DEFAULT_END_DATE}
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.no} disabled={busy} onClick={onNo} />
            <Button intent={Intent.PRIMARY} text={MSG.save} loading={busy} onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}
