import { MfaCard } from '../../mfa/MfaCard';
import { useSession } from '../../session/SessionProvider';
import { PasswordCard } from './PasswordCard';
import { ProfileDetailsCard } from './ProfileDetailsCard';
import './profile.css';

/**
 * /app/profile (000 §2.2: open to any signed-in user): name, contact and avatar, the voluntary
 * change-password form (001 §2.7) and multi-factor sign-in.
 */
export function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="profile-page">
      <ProfileDetailsCard user={user} />
      <PasswordCard user={user} />
      <MfaCard />
    </div>
  );
}
