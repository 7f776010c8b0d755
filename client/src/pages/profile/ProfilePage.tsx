import { MfaCard } from '../../mfa/MfaCard';

/**
 * /app/profile (000 §6: open to any signed-in user). Issue 11 "Add" puts multi-factor sign-in here; the rest of the
 * profile is its own issue's.
 */
export function ProfilePage() {
  return (
    <div className="profile-page">
      <MfaCard />
    </div>
  );
}
