import { HubProvider } from '../hub/HubProvider';
import { SessionMachinesProvider } from '../machines/SessionMachines';
import { useSession } from '../session/SessionProvider';
import { VersionCheck } from '../version/VersionCheck';
import { LocationFilterProvider } from './location-filter';
import { ShellLayout } from './ShellLayout';
import { UiSettingsProvider } from './UiSettingsProvider';

export interface AppShellProps {
  /** The path is unknown or not in the user's access list (000 §2.1): the page shows the not-found variant. */
  readonly notFound: boolean;
}

/**
 * The signed-in shell: the session machines (idle timeout, counts, temporary login) and the real-time hub around
 * the layout, the user's interface state and location filter, and one version check.
 */
export function AppShell({ notFound }: AppShellProps) {
  const { user } = useSession();
  // AppGate renders the shell only with a stored user; a sign-out in another tab unmounts it through AppGate.
  if (!user) return null;
  return (
    <SessionMachinesProvider>
      <HubProvider>
        <UiSettingsProvider userId={user.user_id}>
          <LocationFilterProvider user={user}>
            <VersionCheck />
            <ShellLayout notFound={notFound} />
          </LocationFilterProvider>
        </UiSettingsProvider>
      </HubProvider>
    </SessionMachinesProvider>
  );
}
