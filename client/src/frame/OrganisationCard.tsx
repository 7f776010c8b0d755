import { Card, H2, H3 } from '@blueprintjs/core';
import { pageTitle } from '@rpm/shared';
import { useLocation } from 'wouter';
import { useSession } from '../session/SessionProvider';

/**
 * The page title with the signed-in user's organisation and practices, from the stored user (000 §3): what a page
 * shows until its feature screen is built (the feature screens come with their own issues).
 */
export function OrganisationCard() {
  const [pathname] = useLocation();
  const { user } = useSession();
  const practices = user?.data.practices ?? [];
  return (
    <Card className="organisation-card">
      <H2 className="page-heading">{pageTitle(pathname)}</H2>
      <p>{user?.data.organization_name ?? ''}</p>
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
