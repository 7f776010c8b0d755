import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { readUiSettings, type UiSettings, writeUiSettings } from './ui-settings';

/** The interface state and its setter. */
export interface UiSettingsState {
  readonly settings: UiSettings;
  /** Changes some settings and stores them for the user. */
  readonly update: (change: Partial<UiSettings>) => void;
}

const UiSettingsContext = createContext<UiSettingsState | null>(null);

export interface UiSettingsProviderProps {
  /** The signed-in user whose settings these are (000 §3: per user). */
  readonly userId: number;
  readonly children: ReactNode;
}

/** Holds the signed-in user's interface state (000 §3) and writes every change to their storage entry. */
export function UiSettingsProvider({ userId, children }: UiSettingsProviderProps) {
  return (
    // Another user (a temporary login) reads their own entry.
    <UiSettingsState key={userId} userId={userId}>
      {children}
    </UiSettingsState>
  );
}

function UiSettingsState({ userId, children }: UiSettingsProviderProps) {
  const [settings, setSettings] = useState(() => readUiSettings(userId));
  const update = useCallback(
    (change: Partial<UiSettings>) => {
      setSettings((current) => {
        const next = { ...current, ...change };
        writeUiSettings(userId, next);
        return next;
      });
    },
    [userId],
  );
  const value = useMemo(() => ({ settings, update }), [settings, update]);
  return <UiSettingsContext.Provider value={value}>{children}</UiSettingsContext.Provider>;
}

/** The interface state; use inside {@link UiSettingsProvider}. */
export function useUiSettings(): UiSettingsState {
  const state = useContext(UiSettingsContext);
  if (!state) throw new Error('useUiSettings needs a <UiSettingsProvider> above it');
  return state;
}
