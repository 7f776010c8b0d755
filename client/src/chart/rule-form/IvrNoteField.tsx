import { Button, FormGroup, TextArea } from '@blueprintjs/core';
import { IVR_SPEECH, MSG } from '@rpm/shared';
import { fieldProps, type OnInput, type RuleFormErrors } from './field-errors';

/** Speaks the IVR note as the patient's phone call would (001 §2.2; IVR_SPEECH: en-GB, 0.5, 0.95, 0.7). */
export function speakIvrNote(note: string): void {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
  const utterance = new SpeechSynthesisUtterance(note);
  utterance.lang = IVR_SPEECH.lang;
  utterance.volume = IVR_SPEECH.volume;
  utterance.rate = IVR_SPEECH.rate;
  utterance.pitch = IVR_SPEECH.pitch;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}

export interface IvrNoteFieldProps {
  readonly note: string;
  readonly errors: RuleFormErrors;
  readonly onInput: OnInput;
}

/** 'IVR Note' with 'Play IVR Note' (001 §2.2). */
export function IvrNoteField({ note, errors, onInput }: IvrNoteFieldProps) {
  return (
    <FormGroup label={MSG.ivrNote} labelFor="rule-ivr" {...fieldProps(errors, 'notification_note')}>
      <TextArea
        id="rule-ivr"
        fill
        value={note}
        onChange={(e) => onInput({ notification_note: e.currentTarget.value })}
      />
      <Button
        small
        icon="volume-up"
        text={MSG.playIvrNote}
        disabled={note.trim() === ''}
        onClick={() => speakIvrNote(note)}
      />
    </FormGroup>
  );
}
