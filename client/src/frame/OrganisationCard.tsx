import { Card, H2, H3 } from '@blueprintjs/core';
import { useSession } from '../session/SessionProvider';

/**
 * The signed-in user's organisation and practices, from the stored user (000 §3): what a page shows until its
 * feature screen is built (the feature screens come with their own issues). The page title above it is the shell's.
 */
export function OrganisationCard() {
  const { user } = useSession();
  const practices = user?.data.practices ?? [];
  return (
    <Card className="organisation-card">
      {user?.data.organization_name && <H2>{user.data.organization_name}</H2>}
      {practices.length > 0 && (
        <>
          <H3>Practices</H3>
          <ul>
            {practices.map((practice) => (
              <li key={practice.value}>{practice.label}</li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
