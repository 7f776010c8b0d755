import { Button, Position, Tooltip } from '@blueprintjs/core';
import { useTemporaryLogin } from '../machines/hooks';
import { BellButton } from '../notifications/BellButton';
import { useSession } from '../session/SessionProvider';
import { toggleCallPanel, useCallPanelShown, useCallPanelUser } from './call-panel-toggle';
import { UserMenu } from './menu/UserMenu';
import { greeting, SHELL_TEXT } from './shell-texts';

/** 'Hi, {name}', hidden during a temporary login (000 §2.7). */
export function Greeting() {
  const { user } = useSession();
  const { active } = useTemporaryLogin();
  if (!user || active) return null;
  return <span className="shell-greeting">{greeting(user.name)}</span>;
}

/**
 * The call/task toggle (000 §2.7, §2.12): shown to users with a call-centre link or during a temporary login; it
 * shows or hides the call-task panel in this tab only.
 */
export function CallPanelToggle() {
  const user = useCallPanelUser();
  const shown = useCallPanelShown();
  if (!user) return null;
  const label = shown ? SHELL_TEXT.hideCallPanel : SHELL_TEXT.showCallPanel;
  return (
    <Tooltip content={label} position={Position.BOTTOM}>
      <Button
        variant="minimal"
        icon="headset"
        aria-label={label}
        aria-pressed={shown}
        active={shown}
        onClick={toggleCallPanel}
      />
    </Tooltip>
  );
}

/** The signed-in user's part of the top bar (000 §2.7): greeting, call/task toggle, bell and avatar. */
export function TopBar() {
  return (
    <div className="shell-topbar">
      <Greeting />
      <CallPanelToggle />
      <BellButton />
      <UserMenu />
    </div>
  );
}
