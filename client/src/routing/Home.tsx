import { startPage } from '@rpm/shared';
import { useState } from 'react';
import { SignInPage } from '../pages/sign-in/SignInPage';
import { useSession } from '../session/SessionProvider';
import { clearRedirectUrl, readRedirectUrl } from '../session/storage';
import { Navigate } from './Navigate';

/** '/' (000 §2.1): with a stored user, that user's start page (000 §6.1); without, the sign-in page. */
export function Home() {
  const { user } = useSession();
  if (!user) return <SignInPage />;
  return <GoToStart startPage={startPage(user, readRedirectUrl())} />;
}

/** Goes to the start page once and forgets the redirect URL it used. */
function GoToStart({ startPage: target }: { readonly startPage: string }) {
  // Computed once: a re-render after the redirect URL is cleared must not change the target.
  const [to] = useState(target);
  return <Navigate to={to} before={clearRedirectUrl} />;
}
