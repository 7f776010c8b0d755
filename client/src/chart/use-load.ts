import { useCallback, useEffect, useState } from 'react';

/**
 * Loads data with `load` (a call through useApi, whose failures the error dialog shows) when it changes, and gives
 * the data (null until the first answer) and a reload.
 */
export function useLoad<T>(load: () => Promise<T>): { readonly data: T | null; readonly reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    void tick;
    load()
      .then((value) => {
        if (live) setData(value);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, reload };
}
