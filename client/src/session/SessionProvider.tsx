import { SESSION_IDLE_MS, type StoredUser } from '@rpm/shared';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { logout } from './logout';
import { readUser, setLastActivity, subscribe, writeUser } from './storage';

/** The signed-in user and the two ways to change it. */
export interface Session {
  /** The stored user (000 §3), or `null` when nobody is signed in. */
  readonly user: StoredUser | null;
  /** Stores the user and starts the idle window: last activity is now plus 10 minutes (000 §4.1, §4.3). */
  readonly signIn: (user: StoredUser) => void;
  /** Logout (000 §4.2): ends the server session, clears the stored one, goes to '/'. */
  readonly signOut: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export interface SessionProviderProps {
  readonly children: ReactNode;
}

/** Keeps the stored session in React state, so components re-render when it changes (here or in another tab). */
export function SessionProvider({ children }: SessionProviderProps) {
  const user = useSyncExternalStore(subscribe, readUser, () => null);
  const [, navigate] = useLocation();
  const session = useMemo<Session>(
    () => ({
      user,
      signIn: (next) => {
        writeUser(next);
        setLastActivity(Date.now() / 1000 + SESSION_IDLE_MS / 1000);
      },
      signOut: () => logout(navigate),
    }),
    [user, navigate],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The current session; use inside {@link SessionProvider}. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider> above it');
  return session;
}
