import { Card, H3 } from '@blueprintjs/core';
import { getMyOnboarding, listOpenTo, MSG, ONBOARDING_TEXT, onboardingSubmissionsList } from '@rpm/shared';
import { useState } from 'react';
import { Link } from 'wouter';
import { useCall } from '../api/use-call';
import { useSession } from '../session/SessionProvider';
import { OnboardingForm } from './OnboardingForm';
import { OnboardingProgressSteps } from './OnboardingProgressSteps';
import { OnboardingSubmitted } from './OnboardingSubmitted';
import './onboarding.css';

/**
 * /app/onboarding for a signed-in user (000 §2.2, §2.4; decisions.md "Onboarding"): with is_onboarding, the
 * progress of the sign-ups whose contact e-mail is their user name; for sales and administrators, the way to the
 * review list; and the sign-up form itself, as the public page has it.
 */
export function OnboardingPage() {
  const { user } = useSession();
  const onboarding = user?.is_onboarding === 1;
  const mine = useCall(getMyOnboarding, {}, { enabled: onboarding });
  const [answer, setAnswer] = useState<{ reference: string; next_steps: string } | null>(null);
  const submissions = mine.data?.data ?? [];
  return (
    <section className="onboarding-page" aria-label={ONBOARDING_TEXT.title}>
      {onboarding && (
        <Card className="onboarding-card" role="region" aria-label="Your onboarding">
          <H3>Your onboarding</H3>
          {mine.loading && <p>{MSG.loading}</p>}
          {!mine.loading && submissions.length === 0 && (
            <p>No sign-up with your e-mail address yet. Use the form below to sign your practice up.</p>
          )}
          {submissions.map((s) => (
            <div key={s.reference}>
              <p>
                <strong>{s.practice_name}</strong> · Reference {s.reference}
              </p>
              <OnboardingProgressSteps progress={s} />
            </div>
          ))}
        </Card>
      )}
      {user && listOpenTo(user.pages, onboardingSubmissionsList) && (
        <p>
          <Link href={onboardingSubmissionsList.route}>Review practice sign-ups</Link>
        </p>
      )}
      <Card className="onboarding-card" role="region" aria-label="Sign up a practice">
        <H3>Sign up a practice</H3>
        {answer ? <OnboardingSubmitted answer={answer} /> : <OnboardingForm onSubmitted={setAnswer} />}
      </Card>
    </section>
  );
}
