import { Button, Intent } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';
import { useLocation } from 'wouter';

export interface NotFoundPageProps {
  /**
   * 'page': the stand-alone page ('404', 'Page Not Found'); 'frame': the second variant, inside the signed-in
   * frame ('Oops, Page Not Found :(') (000 §2.6).
   */
  readonly variant?: 'page' | 'frame';
}

/** The not-found page (000 §2.6), with 'Go To Dashboard' going to '/'. */
export function NotFoundPage({ variant = 'page' }: NotFoundPageProps) {
  const [, navigate] = useLocation();
  const goHome = <Button intent={Intent.PRIMARY} text={MSG.goToDashboard} onClick={() => navigate('/')} />;
  if (variant === 'frame') {
    return (
      <section className="not-found not-found-frame">
        <h2>{MSG.notFoundOops}</h2>
        {goHome}
      </section>
    );
  }
  return (
    <main className="public-page not-found">
      <p className="not-found-code">{MSG.notFoundCode}</p>
      <h1 className="public-title">{MSG.notFoundTitle}</h1>
      {goHome}
    </main>
  );
}
