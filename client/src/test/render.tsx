import { HotkeysProvider } from '@blueprintjs/core';
import { render } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../App';
import { ErrorDialogProvider } from '../errors/ErrorDialogProvider';
import { SessionProvider, useSession } from '../session/SessionProvider';
import { UiSettingsProvider } from '../shell/UiSettingsProvider';

/**
 * Renders `ui` (the whole app by default) at `path` with an in-memory location; `path()` is the current one,
 * `navigate` moves it.
 */
export function renderAt(path: string, ui: ReactElement = <App />) {
  const location = memoryLocation({ path, record: true });
  const result = render(<Router hook={location.hook}>{ui}</Router>);
  return { ...result, path: () => location.history?.at(-1) ?? path, navigate: location.navigate };
}

/**
 * The stored user's interface settings, as the shell provides them: for the user signed in when the test renders,
 * so a test that stores the user later keeps its tree.
 */
function UserSettings({ children }: { readonly children: ReactElement }) {
  const { user } = useSession();
  const [userId] = useState(user?.user_id ?? 0);
  return <UiSettingsProvider userId={userId}>{children}</UiSettingsProvider>;
}

/**
 * Renders `ui` inside the session, interface-settings, error-dialog and hotkeys providers (as the signed-in app has
 * them), at `path`.
 */
export function renderWithProviders(ui: ReactElement, path = '/') {
  return renderAt(
    path,
    <SessionProvider>
      <UserSettings>
        <ErrorDialogProvider>
          <HotkeysProvider>{ui}</HotkeysProvider>
        </ErrorDialogProvider>
      </UserSettings>
    </SessionProvider>,
  );
}
