import { canOpen, startPage } from '@rpm/shared';
import { lazy, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSession } from '../session/SessionProvider';
import { readTempLogin, writeRedirectUrl } from '../session/storage';
import { Navigate } from './Navigate';
import { SignedInApp } from './signed-in-code';

const OpenAppPage = lazy(() => import('../frame/OpenAppPage').then((m) => ({ default: m.OpenAppPage })));

/**
 * Everything under /app (000 §2.1):
 * - nobody signed in: the visited path and query are saved as the redirect URL and the visitor goes to '/',
 *   except on any path containing 'onboarding', which opens without sign-in;
 * - '/app' itself: the user's start page (000 §6.1);
 * - a route the user may open (000 §2.2-2.4): the frame with the page; otherwise the frame with
 *   'Oops, Page Not Found :('.
 */
export function AppGate() {
  const [pathname] = useLocation();
  const search = useSearch();
  const { user } = useSession();

  if (!user) {
    if (pathname.includes('onboarding')) return <OpenAppPage />;
    return <GoHomeAndComeBack visited={search === '' ? pathname : `${pathname}?${search}`} />;
  }
  if (pathname === '/app' || pathname === '/app/') return <Navigate to={startPage(user, null)} />;
  const allowed = canOpen(pathname, {
    pages: user.pages,
    roleid: user.roleid,
    aws_link: user.aws_link,
    tempLogin: readTempLogin(),
  });
  return <SignedInApp notFound={!allowed} />;
}

function GoHomeAndComeBack({ visited }: { readonly visited: string }) {
  const [save] = useState(() => () => writeRedirectUrl(visited));
  return <Navigate to="/" before={save} />;
}
