import type { CallDef, CallResponse } from '@rpm/shared';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { ApiError } from './api-error';
import { type CallRequest, call } from './call';

export interface UseCallOptions {
  /** `false` loads nothing (and keeps what was loaded); default true. */
  readonly enabled?: boolean;
  /** Failures the spec ignores silently show no dialog (000 §8). */
  readonly quiet?: boolean;
  /** Any value whose change loads again, besides the input (e.g. a reload counter kept elsewhere). */
  readonly reloadKey?: unknown;
}

/** What {@link useCall} gives: the last answer, whether a load is under way, the last failure, and a reload. */
export interface CallState<T> {
  readonly data: T | null;
  readonly loading: boolean;
  readonly failure: ApiError | null;
  readonly reload: () => void;
}

interface Loaded<T> {
  readonly data: T | null;
  readonly loading: boolean;
  readonly failure: ApiError | null;
}

/**
 * The one data loader of the client: makes `def` with `input` whenever the input (serialised) changes, or on
 * `reload()`. A newer load aborts the older one, so a slow old answer never replaces a newer one. A failure opens
 * the error dialog (000 §8, unless `quiet`) and empties `data`: rows of the previous choice must not stay under
 * the new one. While a load runs, the previous answer stays on screen.
 */
export function useCall<C extends CallDef>(
  def: C,
  input: CallRequest<C> | undefined,
  options: UseCallOptions = {},
): CallState<CallResponse<C>> {
  const { showError } = useApi();
  const enabled = options.enabled ?? true;
  const quiet = options.quiet ?? false;
  const [state, setState] = useState<Loaded<CallResponse<C>>>({
    data: null,
    loading: enabled,
    failure: null,
  });
  const [reloads, setReloads] = useState(0);
  // One string for the effect: the input object is new on every render.
  const key = JSON.stringify([input ?? null, options.reloadKey ?? null]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` only triggers a new load.
  useEffect(() => {
    if (!enabled) return;
    const [request] = JSON.parse(key) as [CallRequest<C> | null];
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    call(def, request ?? undefined, { signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, loading: false, failure: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof ApiError ? error : new ApiError(0, String(error));
        setState({ data: null, loading: false, failure });
        if (!quiet) void showError(failure);
      },
    );
    return () => controller.abort();
  }, [def, key, enabled, quiet, reloads, showError]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...state, reload };
}
