import { Card, H2 } from '@blueprintjs/core';
import { pageTitle } from '@rpm/shared';
import { useLocation } from 'wouter';

/**
 * A page under /app that opens without sign-in: any path containing 'onboarding' (000 §2.1). The onboarding
 * screen itself comes with a later issue; until then this shows its title, outside the signed-in frame.
 */
export function OpenAppPage() {
  const [pathname] = useLocation();
  return (
    <main className="public-page">
      <Card className="public-card" elevation={2}>
        <H2 className="page-heading">{pageTitle(pathname)}</H2>
      </Card>
    </main>
  );
}
