import { Callout, Intent } from '@blueprintjs/core';
import { ONBOARDING_TEXT } from '@rpm/shared';

/** The answer to a sign-up: its reference number and what happens next. */
export function OnboardingSubmitted({
  answer,
}: {
  readonly answer: { reference: string; next_steps: string };
}) {
  return (
    <Callout intent={Intent.SUCCESS} title={ONBOARDING_TEXT.submitted} role="status">
      <p>
        Your reference number is <strong>{answer.reference}</strong>. Please quote it when you contact us.
      </p>
      <p>{answer.next_steps}</p>
    </Callout>
  );
}
