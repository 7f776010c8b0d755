import { Card, H2 } from '@blueprintjs/core';
import { ONBOARDING_TEXT } from '@rpm/shared';
import { useState } from 'react';
import { OnboardingForm } from '../onboarding/OnboardingForm';
import { OnboardingSubmitted } from '../onboarding/OnboardingSubmitted';

/**
 * A page under /app that opens without sign-in: any path containing 'onboarding' (000 §2.1), which is the practice
 * sign-up (issue 42 §1; decisions.md "Onboarding"), outside the signed-in frame.
 */
export function OpenAppPage() {
  const [answer, setAnswer] = useState<{ reference: string; next_steps: string } | null>(null);
  return (
    <main className="public-page">
      <Card className="onboarding-card" elevation={2}>
        <H2 className="page-heading">{ONBOARDING_TEXT.title}</H2>
        {answer ? (
          <OnboardingSubmitted answer={answer} />
        ) : (
          <>
            <p className="onboarding-note">
              Sign your practice up for remote patient monitoring and care management. Fields marked * are
              required.
            </p>
            <OnboardingForm onSubmitted={setAnswer} />
          </>
        )}
      </Card>
    </main>
  );
}
