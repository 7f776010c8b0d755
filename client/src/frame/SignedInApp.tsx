import { HotkeysProvider } from '@blueprintjs/core';
import { AppShell } from '../shell/AppShell';

export { preloadEveryStartScreen, preloadStartScreen } from '../shell/PageArea';
export { prefetchStartCalls } from '../shell/start-calls';

export interface SignedInAppProps {
  /** The path is unknown or not in the user's access list (000 §2.1): the shell shows the not-found variant. */
  readonly notFound: boolean;
}

/**
 * Everything behind sign-in, as one lazily loaded chunk (AppGate imports it on demand): the signed-in shell, inside
 * the one HotkeysProvider Blueprint's tables (Table2) register their hotkeys with.
 */
export function SignedInApp({ notFound }: SignedInAppProps) {
  return (
    <HotkeysProvider>
      <AppShell notFound={notFound} />
    </HotkeysProvider>
  );
}
