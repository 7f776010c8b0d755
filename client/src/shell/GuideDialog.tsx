import { DialogBody, DialogStep, MultistepDialog } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';
import { GUIDE } from './guide-steps';

export interface GuideDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

/** The guide (000 §2.7): five steps with Next, Back and Done; Done closes it, and it starts over next time. */
export function GuideDialog({ isOpen, onClose }: GuideDialogProps) {
  return (
    <MultistepDialog
      className="shell-guide"
      isOpen={isOpen}
      onClose={onClose}
      title={MSG.showGuide}
      navigationPosition="left"
      nextButtonProps={{ text: MSG.next }}
      backButtonProps={{ text: MSG.back }}
      finalButtonProps={{ text: MSG.done, onClick: onClose }}
    >
      {GUIDE.map((step) => (
        <DialogStep
          key={step.id}
          id={step.id}
          title={step.title}
          panel={
            <DialogBody>
              <h3 className="shell-guide-title">{step.title}</h3>
              <p>{step.text}</p>
            </DialogBody>
          }
        />
      ))}
    </MultistepDialog>
  );
}
