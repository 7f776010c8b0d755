import { HotkeysProvider } from '@blueprintjs/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../App';
import { ErrorDialogProvider } from '../errors/ErrorDialogProvider';
import { SessionProvider } from '../session/SessionProvider';

/**
 * Renders `ui` (the whole app by default) at `path` with an in-memory location; `path()` is the current one,
 * `navigate` moves it.
 */
export function renderAt(path: string, ui: ReactElement = <App />) {
  const location = memoryLocation({ path, record: true });
  const result = render(<Router hook={location.hook}>{ui}</Router>);
  return { ...result, path: () => location.history?.at(-1) ?? path, navigate: location.navigate };
}

/** Renders `ui` inside the session, error-dialog and hotkeys providers (as the signed-in app has them), at `path`. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  return renderAt(
    path,
    <SessionProvider>
      <ErrorDialogProvider>
        <HotkeysProvider>{ui}</HotkeysProvider>
      </ErrorDialogProvider>
    </SessionProvider>,
  );
}
