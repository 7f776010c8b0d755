import type { CallDef, CallResponse } from '@rpm/shared';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../api/api-error';
import { type CallOptions, type CallRequest, call } from '../api/call';
import { logout } from '../session/logout';
import { clearSession } from '../session/storage';
import { sessionEnded } from './session-ended';

const ErrorDialog = lazy(() => import('./ErrorDialog').then((m) => ({ default: m.ErrorDialog })));
const AlertDialog = lazy(() => import('./AlertDialog').then((m) => ({ default: m.AlertDialog })));

/** Where the patient list is: 'Map Patient' goes there (000 §8). */
const PATIENT_LIST_PATH = '/app/patients';

/**
 * What the failed call was doing, when that changes the dialog (000 §8): a 403 while mapping a patient offers
 * 'Map Patient' instead of Close.
 */
export type ErrorContext = 'patient-mapping';

/** A failure to show: its status and message, and optionally its context. */
export interface ShownError extends Pick<ApiError, 'status' | 'message'> {
  readonly context?: ErrorContext;
}

/** A generic alert (000 §8): a message with OK, and 'Go To Event' when a conflicting event exists. */
export interface AlertRequest {
  readonly message: string;
  /** Offers 'Go To Event'; called when the user chooses it (the alert then closes). */
  readonly onGoToEvent?: () => void;
}

/** Options of a call made through {@link useApi}. */
export interface ApiCallOptions extends CallOptions {
  /** Failures the spec ignores silently (000 §8: patient by mobile, call status, task count) show no dialog. */
  readonly quiet?: boolean;
  /** The failure's context for the dialog (000 §8 'Map Patient'). */
  readonly context?: ErrorContext;
}

/** The typed API client with the app's error handling. */
export interface Api {
  /** {@link call}, plus: a failure opens the error dialog (unless `quiet`) and is thrown again. */
  readonly call: <C extends CallDef>(
    def: C,
    input?: CallRequest<C>,
    options?: ApiCallOptions,
  ) => Promise<CallResponse<C>>;
  /**
   * Opens the error dialog for a failure handled by the caller. The promise settles when the dialog is closed, so a
   * caller can act after the user dismissed it (000 §4.8: the notification dialog closes after the error dialog).
   */
  readonly showError: (error: ShownError) => Promise<void>;
}

const ApiContext = createContext<Api | null>(null);

/** Opens the generic alert (000 §8); the promise settles when it is closed. */
export type ShowAlert = (alert: AlertRequest) => Promise<void>;

const AlertContext = createContext<ShowAlert | null>(null);

export interface ErrorDialogProviderProps {
  readonly children: ReactNode;
}

interface Shown {
  readonly status: number;
  readonly message: string;
  readonly context: ErrorContext | undefined;
}

interface ShownAlert extends AlertRequest {
  readonly resolve: () => void;
}

/**
 * The one place failed calls and alerts are shown (000 §8): a dialog 'Alert - {status}' with the server's message
 * and Close ('Map Patient' for a 403 in the patient-mapping context). When the server ended the session (401
 * 'logged in elsewhere' / 'past session expired'), closing it clears the stored session, runs logout and goes to '/'.
 * The generic 'Alert' (OK, optionally 'Go To Event') opens through {@link useAlert}. The dialogs' code loads only when
 * one opens.
 */
export function ErrorDialogProvider({ children }: ErrorDialogProviderProps) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [, navigate] = useLocation();
  // Callers waiting for the dialog on screen to close (one dialog shows at a time; see showError).
  const waiting = useRef<(() => void)[]>([]);

  const [alert, setAlert] = useState<ShownAlert | null>(null);

  const showError = useCallback((error: ShownError) => {
    // The first error stays until closed: a session end must not be hidden by the failures that follow it.
    setShown(
      (current) => current ?? { status: error.status, message: error.message, context: error.context },
    );
    return new Promise<void>((resolve) => {
      waiting.current.push(resolve);
    });
  }, []);

  const api = useMemo<Api>(
    () => ({
      call: async (def, input, options = {}) => {
        try {
          return await call(def, input, options);
        } catch (error) {
          if (error instanceof ApiError && !options.quiet) {
            void showError({ status: error.status, message: error.message, context: options.context });
          }
          throw error;
        }
      },
      showError,
    }),
    [showError],
  );

  const showAlert = useCallback<ShowAlert>(
    (request) =>
      new Promise<void>((resolve) => {
        // A newer alert replaces one still open; the replaced caller is released.
        setAlert((current) => {
          current?.resolve();
          return { ...request, resolve };
        });
      }),
    [],
  );

  const closeAlert = () => {
    alert?.resolve();
    setAlert(null);
  };

  const close = () => {
    const ended = shown !== null && sessionEnded(shown);
    setShown(null);
    for (const resolve of waiting.current.splice(0)) resolve();
    if (ended) {
      // 000 §8: the user is removed from storage and the activity cookie cleared, logout runs, the app goes to '/'.
      clearSession();
      void logout(navigate);
    }
  };

  const mapPatient = () => {
    close();
    navigate(PATIENT_LIST_PATH);
  };

  return (
    <ApiContext.Provider value={api}>
      <AlertContext.Provider value={showAlert}>
        {children}
        {shown && (
          <Suspense fallback={null}>
            <ErrorDialog
              status={shown.status}
              message={shown.message}
              onClose={close}
              onMapPatient={shown.context === 'patient-mapping' ? mapPatient : undefined}
            />
          </Suspense>
        )}
        {alert && (
          <Suspense fallback={null}>
            <AlertDialog
              message={alert.message}
              onClose={closeAlert}
              onGoToEvent={
                alert.onGoToEvent &&
                (() => {
                  alert.onGoToEvent?.();
                  closeAlert();
                })
              }
            />
          </Suspense>
        )}
      </AlertContext.Provider>
    </ApiContext.Provider>
  );
}

/** The API client with error dialogs; use inside {@link ErrorDialogProvider}. */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an <ErrorDialogProvider> above it');
  return api;
}

/** Opens the generic 'Alert' dialog (000 §8); use inside {@link ErrorDialogProvider}. */
export function useAlert(): ShowAlert {
  const showAlert = useContext(AlertContext);
  if (!showAlert) throw new Error('useAlert needs an <ErrorDialogProvider> above it');
  return showAlert;
}
