// Over 300 lines: the session, temporary-login and polling machines wired to React with their effects.
import { Intent } from '@blueprintjs/core';
import {
  notificationCountMachine,
  sessionDialogOpen,
  sessionMachine,
  type TemporaryLoginAnswer,
  taskCountMachine,
  temporaryLoginMachine,
  unreadCountDue,
} from '@rpm/machines';
import {
  canOpen,
  checkSession,
  getIncompleteTaskCount,
  getUnreadCount,
  loginWithToken,
  type StoredUser,
  startPage,
  temporaryLogin,
} from '@rpm/shared';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { ApiError } from '../api/api-error';
import { type CallRequest, call, prefetchCall } from '../api/call';
import { machineInspector } from '../dev/machine-devtools';
import { useApi } from '../errors/ErrorDialogProvider';
import { useSession } from '../session/SessionProvider';
import {
  clearSession,
  clearTemporaryLogin,
  readLastActivity,
  readMainUser,
  readTempLogin,
  readUser,
  setLastActivity,
  writeTemporaryLogin,
} from '../session/storage';
import { useUserActivity } from '../session/use-user-activity';
import { showToast } from '../toaster/toast';
import { loadPage } from './load-page';
import { SessionTimeoutDialog } from './SessionTimeoutDialog';
import { readUnreadCache, writeUnreadCache } from './unread-cache';

/** Shown when the return from a temporary login fails (000 §4.4; decisions.md "Temporary login"). */
export const RETURN_FAILED = 'Could not return to your own account. Please log out and sign in again.';

/** The running actors of a signed-in user; `null` actors while nobody is signed in. */
export interface SessionActors {
  readonly session: ReturnType<typeof useSessionActor> | null;
  readonly temporaryLogin: ReturnType<typeof useTemporaryLoginActor> | null;
  readonly notificationCount: ReturnType<typeof useNotificationCountActor> | null;
  readonly taskCount: ReturnType<typeof useTaskCountActor> | null;
}

const NO_ACTORS: SessionActors = {
  session: null,
  temporaryLogin: null,
  notificationCount: null,
  taskCount: null,
};

const SessionActorsContext = createContext<SessionActors | undefined>(undefined);

/** The actors of {@link SessionMachinesProvider}; for the hooks in `hooks.ts`. */
export function useSessionActors(): SessionActors {
  const actors = useContext(SessionActorsContext);
  if (actors === undefined)
    throw new Error('the session machine hooks need a <SessionMachinesProvider> above them');
  return actors;
}

export interface SessionMachinesProviderProps {
  readonly children: ReactNode;
}

/**
 * Runs the machines of a signed-in user (000 §4.1, §4.4, §4.6, §7): the session idle rules with the 'Session
 * Timeout' dialog, the temporary login, the unread-notification count and the task count. Key and mouse presses
 * anywhere count as activity; focus changes reach the counters. A new user or token (sign-in, temporary login,
 * return) starts fresh actors. Hooks: `useUnreadCount`, `useTaskCount`, `useTemporaryLogin` (hooks.ts).
 */
export function SessionMachinesProvider({ children }: SessionMachinesProviderProps) {
  const { user } = useSession();
  if (!user)
    return <SessionActorsContext.Provider value={NO_ACTORS}>{children}</SessionActorsContext.Provider>;
  return (
    <SignedInMachines key={`${user.user_id}:${user.token}`} user={user}>
      {children}
    </SignedInMachines>
  );
}

/** Whether this tab has the user's attention: focused and visible (000 §4.6, §7 "page has focus"). */
function tabFocused(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

const unreadCountRequest = (userId: number): CallRequest<typeof getUnreadCount> => ({
  query: { user_id: userId },
});
const TASK_COUNT_REQUEST: CallRequest<typeof getIncompleteTaskCount> = {};

/**
 * Makes the counts' first calls ahead, with the sign-in answer (shell/start-calls.ts): the task count's, and the
 * unread count's when its machine will ask the server (000 §4.6: focus, and no fresh cached count).
 */
export function prefetchSessionCounts(user: StoredUser): void {
  prefetchCall(getIncompleteTaskCount, TASK_COUNT_REQUEST, user);
  if (unreadCountDue(tabFocused(), readUnreadCache(user.user_id, Date.now())))
    prefetchCall(getUnreadCount, unreadCountRequest(user.user_id), user);
}

function SignedInMachines({ user, children }: { readonly user: StoredUser; readonly children: ReactNode }) {
  const session = useSessionActor(user);
  const temporary = useTemporaryLoginActor(user);
  const notificationCount = useNotificationCountActor(user);
  const taskCount = useTaskCountActor();

  // 000 §4.1: every key or mouse press is activity (the machine debounces it).
  useUserActivity(useCallback(() => session.send({ type: 'ACTIVITY' }), [session]));

  // 000 §4.6, §7: the counters ask the server only while the tab has focus (unless forced).
  useEffect(() => {
    const changed = () => {
      const focused = tabFocused();
      notificationCount.send({ type: 'FOCUS', focused });
      taskCount.send({ type: 'FOCUS', focused });
    };
    window.addEventListener('focus', changed);
    window.addEventListener('blur', changed);
    document.addEventListener('visibilitychange', changed);
    return () => {
      window.removeEventListener('focus', changed);
      window.removeEventListener('blur', changed);
      document.removeEventListener('visibilitychange', changed);
    };
  }, [notificationCount, taskCount]);

  // 000 §4.4: a failed return shows the invalid state; the Home button is gone by then, so it is told here.
  useEffect(() => {
    let returning = false;
    const subscription = temporary.subscribe((snapshot) => {
      if (returning && snapshot.matches('invalid')) {
        void showToast({
          message: `${RETURN_FAILED} ${snapshot.context.message ?? ''}`.trim(),
          intent: Intent.DANGER,
          timeout: 0,
        });
      }
      returning = snapshot.matches('returning');
    });
    return () => subscription.unsubscribe();
  }, [temporary]);

  const dialogOpen = useSelector(session, sessionDialogOpen);
  const actors = useMemo<SessionActors>(
    () => ({ session, temporaryLogin: temporary, notificationCount, taskCount }),
    [session, temporary, notificationCount, taskCount],
  );
  return (
    <SessionActorsContext.Provider value={actors}>
      {children}
      <SessionTimeoutDialog
        isOpen={dialogOpen}
        onExtend={() => session.send({ type: 'EXTEND' })}
        onLogout={() => session.send({ type: 'LOGOUT' })}
      />
    </SessionActorsContext.Provider>
  );
}

/** The session machine with the browser's storage, the server and the router (000 §4.1). */
function useSessionActor(user: StoredUser) {
  const [inspect] = useState(() => machineInspector('session'));
  const api = useApi();
  const { signOut } = useSession();
  const [, navigate] = useLocation();
  return useActorRef(
    sessionMachine.provide({
      actors: {
        readStoredSession: fromPromise(async () => {
          const lastActivity = readLastActivity();
          return {
            userStored: readUser() !== null,
            msUntilExpiry: lastActivity === null ? null : lastActivity * 1000 - Date.now(),
          };
        }),
        checkSession: fromPromise(async ({ input }) => {
          // 000 §8: a failed extension shows the error dialog; the end report is quiet (the user is leaving).
          await api.call(checkSession, { query: { status: input.status } }, { quiet: input.status === 0 });
        }),
        // 000 §4.2: the server session is closed, storage cleared, and the browser goes to '/'.
        logout: fromPromise(() => signOut()),
      },
      actions: {
        pushLastActivity: (_, { forwardMs }) => setLastActivity((Date.now() + forwardMs) / 1000),
        // Spec 000 §4.1 names the user and the activity cookie; we clear the main user and temporary-login flags
        // too (as logout does, 000 §4.2), so a later sign-in does not inherit a stale temporary login.
        forgetSession: () => clearSession(),
        goHome: () => navigate('/', { replace: true }),
      },
    }),
    {
      input: { roleid: user.roleid, is_interpreting_prac: user.is_interpreting_prac },
      inspect,
    },
  );
}

/** Where a temporary login or its return lands (000 §4.4; 001 §2.1): the dashboard, or the start page without it. */
function dashboardOf(user: StoredUser): string {
  const dashboard = '/app/dashboard';
  // Without the Dashboard entry: the user's own start page (decisions.md "Start page choices").
  const open = canOpen(dashboard, {
    pages: user.pages,
    roleid: user.roleid,
    aws_link: user.aws_link,
    tempLogin: readTempLogin(),
  });
  return open ? dashboard : startPage(user, null);
}

/** A login call's answer or failure as the machine's {@link TemporaryLoginAnswer}. */
async function loginAnswer(
  request: () => Promise<{ status: number; message: string; user?: StoredUser | undefined }>,
  showError: (error: ApiError) => void,
): Promise<TemporaryLoginAnswer> {
  try {
    const answer = await request();
    return answer.status === 1 && answer.user
      ? { kind: 'signedIn', user: answer.user }
      : { kind: 'invalid', message: answer.message || null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A refusal about the request (unknown user, not allowed) shows in the dialog; a session end (401), no answer
    // or a server failure opens the error dialog (000 §8).
    if (error.status === 401 || error.status === 0 || error.status >= 500) showError(error);
    return { kind: 'invalid', message: error.status >= 400 && error.status < 500 ? error.message : null };
  }
}

/** The temporary-login machine with storage, the server and the router (000 §4.4). */
function useTemporaryLoginActor(user: StoredUser) {
  const [inspect] = useState(() => machineInspector('temporaryLogin'));
  const api = useApi();
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  return useActorRef(
    temporaryLoginMachine.provide({
      actors: {
        startTemporaryLogin: fromPromise(({ input }) =>
          loginAnswer(
            () =>
              api.call(temporaryLogin, { body: { ...input, password: '', is_dummy: 1 } }, { quiet: true }),
            api.showError,
          ),
        ),
        returnToMainUser: fromPromise(({ input }) =>
          loginAnswer(() => call(loginWithToken, { body: input }, { auth: null }), api.showError),
        ),
      },
      actions: {
        storeTemporaryLogin: (_, { mainUser, user: actedAs }) => writeTemporaryLogin(mainUser, actedAs),
        // 000 §4.4 "reloads the dashboard": a full load, so every part of the app starts as the user acted as.
        openDashboard: (_, { user: actedAs }) => loadPage(dashboardOf(actedAs)),
        clearTemporaryLogin: () => clearTemporaryLogin(),
        // Stores the user and starts a fresh idle window, as a sign-in does (000 §4.1).
        storeUser: (_, { user: main }) => signIn(main),
        goToDashboard: (_, { user: main }) => navigate(dashboardOf(main)),
      },
    }),
    {
      input: {
        current: { user_id: user.user_id, token: user.token, username: user.username },
        active: readTempLogin(),
        mainUser: readMainUser(),
      },
      inspect,
    },
  );
}

/** The unread-count machine with the storage cache and the server (000 §4.6). */
function useNotificationCountActor(user: StoredUser) {
  const [inspect] = useState(() => machineInspector('notificationCount'));
  const api = useApi();
  return useActorRef(
    notificationCountMachine.provide({
      actors: {
        readCache: fromPromise(async () => readUnreadCache(user.user_id, Date.now())),
        fetchCount: fromPromise(async () => {
          const answer = await api.call(getUnreadCount, unreadCountRequest(user.user_id));
          return answer.data[0]?.count ?? 0;
        }),
      },
      actions: { writeCache: (_, { count }) => writeUnreadCache(user.user_id, count, Date.now()) },
    }),
    { input: { focused: tabFocused() }, inspect },
  );
}

/** The task-count machine with the server; failures are silent (000 §7, §8). */
function useTaskCountActor() {
  const [inspect] = useState(() => machineInspector('taskCount'));
  const api = useApi();
  return useActorRef(
    taskCountMachine.provide({
      actors: {
        fetchCount: fromPromise(
          async () => (await api.call(getIncompleteTaskCount, TASK_COUNT_REQUEST, { quiet: true })).count,
        ),
      },
    }),
    { input: { focused: tabFocused() }, inspect },
  );
}
