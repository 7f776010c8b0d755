import type { CallDef, CallInput, CallResponse } from '@rpm/shared';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../api/api-error';
import { type CallOptions, call } from '../api/call';
import { logout } from '../session/logout';
import { clearSession } from '../session/storage';
import { sessionEnded } from './session-ended';

const ErrorDialog = lazy(() => import('./ErrorDialog').then((m) => ({ default: m.ErrorDialog })));

/** Options of a call made through {@link useApi}. */
export interface ApiCallOptions extends CallOptions {
  /** Failures the spec ignores silently (000 §8: patient by mobile, call status, task count) show no dialog. */
  readonly quiet?: boolean;
}

/** The typed API client with the app's error handling. */
export interface Api {
  /** {@link call}, plus: a failure opens the error dialog (unless `quiet`) and is thrown again. */
  readonly call: <C extends CallDef>(
    def: C,
    input?: Partial<CallInput<C>>,
    options?: ApiCallOptions,
  ) => Promise<CallResponse<C>>;
  /** Opens the error dialog for a failure handled by the caller. */
  readonly showError: (error: Pick<ApiError, 'status' | 'message'>) => void;
}

const ApiContext = createContext<Api | null>(null);

/** Props of {@link ErrorDialogProvider}. */
export interface ErrorDialogProviderProps {
  readonly children: ReactNode;
}

interface Shown {
  readonly status: number;
  readonly message: string;
}

/**
 * The one place failed calls are shown (000 §8): a dialog 'Alert - {status}' with the server's message and Close.
 * When the server ended the session (401 'logged in elsewhere' / 'past session expired'), closing it clears the
 * stored session, runs logout and goes to '/'. The dialog's code loads only when an error happens.
 */
export function ErrorDialogProvider({ children }: ErrorDialogProviderProps) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [, navigate] = useLocation();

  const showError = useCallback((error: Pick<ApiError, 'status' | 'message'>) => {
    // The first error stays until closed: a session end must not be hidden by the failures that follow it.
    setShown((current) => current ?? { status: error.status, message: error.message });
  }, []);

  const api = useMemo<Api>(
    () => ({
      call: async (def, input, options = {}) => {
        try {
          return await call(def, input, options);
        } catch (error) {
          if (error instanceof ApiError && !options.quiet) showError(error);
          throw error;
        }
      },
      showError,
    }),
    [showError],
  );

  const close = () => {
    const ended = shown !== null && sessionEnded(shown);
    setShown(null);
    if (ended) {
      // 000 §8: the user is removed from storage and the activity cookie cleared, logout runs, the app goes to '/'.
      clearSession();
      void logout(navigate);
    }
  };

  return (
    <ApiContext.Provider value={api}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ErrorDialog status={shown.status} message={shown.message} onClose={close} />
        </Suspense>
      )}
    </ApiContext.Provider>
  );
}

/** The API client with error dialogs; use inside {@link ErrorDialogProvider}. */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an <ErrorDialogProvider> above it');
  return api;
}
