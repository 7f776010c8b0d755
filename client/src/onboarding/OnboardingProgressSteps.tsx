import { displayDateTime, ONBOARDING_STATUSES, type OnboardingProgress } from '@rpm/shared';
import './onboarding.css';

/** The steps a submission goes through; the last is its decision. */
const STEPS = ['submitted', 'in_review', 'decided'] as const;

const stepOf = (status: OnboardingProgress['status']) =>
  status === 'approved' || status === 'rejected' ? 'decided' : status;

/** A submission's progress: submitted → in review → approved or rejected (with the reason), each with its time. */
export function OnboardingProgressSteps({ progress }: { readonly progress: OnboardingProgress }) {
  const current = STEPS.indexOf(stepOf(progress.status));
  const decision =
    progress.status === 'approved' || progress.status === 'rejected'
      ? ONBOARDING_STATUSES[progress.status]
      : 'Decision';
  const labels = [ONBOARDING_STATUSES.submitted, ONBOARDING_STATUSES.in_review, decision];
  const times = [progress.submitted_at, progress.review_started_at, progress.decided_at];
  return (
    <div>
      <ol className="onboarding-progress" aria-label={`Progress of ${progress.reference}`}>
        {STEPS.map((step, i) => (
          <li
            key={step}
            className={`onboarding-step${i <= current ? ' onboarding-step-reached' : ''}${i === current ? ' onboarding-step-current' : ''}`}
            aria-current={i === current ? 'step' : undefined}
          >
            {labels[i]}
            {i <= current && times[i] ? ` · ${displayDateTime(times[i])}` : ''}
          </li>
        ))}
      </ol>
      {progress.status === 'rejected' && progress.reject_reason !== null && (
        <p>
          <strong>Reason:</strong> {progress.reject_reason}
        </p>
      )}
    </div>
  );
}
