import {
  Button,
  Callout,
  Intent,
  Menu,
  MenuItem,
  PopoverAnimation,
  PopoverNext,
  Position,
  Tooltip,
} from '@blueprintjs/core';
import { MSG } from '@rpm/shared';
import { lazy, Suspense, useState } from 'react';
import { useTemporaryLogin } from '../machines/hooks';
import { useSession } from '../session/SessionProvider';
import { useFullScreen } from './full-screen';
import { actingAs, SHELL_TEXT } from './shell-texts';
import './acting-as.css';
import { useUiSettings } from './UiSettingsProvider';

const SendNotificationDialog = lazy(() =>
  import('../notifications/SendNotificationDialog').then((m) => ({ default: m.SendNotificationDialog })),
);

/** Full Screen / Exit Full Screen (000 §2.7, §4.12). Hidden where the browser does not allow full screen. */
export function FullScreenButton() {
  const { active, supported, toggle } = useFullScreen();
  if (!supported) return null;
  const label = active ? MSG.exitFullScreen : MSG.fullScreen;
  return (
    <Tooltip content={label} position={Position.BOTTOM}>
      <Button
        variant="minimal"
        icon={active ? 'minimize' : 'fullscreen'}
        aria-label={label}
        onClick={toggle}
      />
    </Tooltip>
  );
}

/** The dark/light toggle (000 §2.7, §4.12); its name says what it switches to. */
export function ModeToggle() {
  const { settings, update } = useUiSettings();
  const dark = settings.type === 'dark';
  const label = dark ? SHELL_TEXT.lightMode : SHELL_TEXT.darkMode;
  return (
    <Tooltip content={label} position={Position.BOTTOM}>
      <Button
        variant="minimal"
        icon={dark ? 'flash' : 'moon'}
        aria-label={label}
        onClick={() => update({ type: dark ? 'light' : 'dark' })}
      />
    </Tooltip>
  );
}

export interface IconToolProps {
  readonly label: string;
  readonly icon: 'help' | 'color-fill';
  readonly onClick: () => void;
}

/** A header button shown as an icon with its label as name and tooltip. */
export function IconTool({ label, icon, onClick }: IconToolProps) {
  return (
    <Tooltip content={label} position={Position.BOTTOM}>
      <Button variant="minimal" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * The 'Home' button, only during a temporary login (000 §2.7, §4.4): tooltip 'Open Your Dashboard'; it returns to
 * the main account.
 */
export function HomeButton() {
  const temporaryLogin = useTemporaryLogin();
  if (!temporaryLogin.active) return null;
  return (
    <Tooltip content={MSG.homeTooltip} position={Position.BOTTOM}>
      <Button
        intent={Intent.WARNING}
        icon="home"
        text={MSG.home}
        onClick={() => temporaryLogin.returnHome()}
      />
    </Tooltip>
  );
}

/**
 * During a temporary login, the header's first row on every page (000 §2.7, §4.4; decisions.md "Acting as banner"):
 * 'Acting as {name}' of the user acted as, a status region, beside the Home button that returns.
 */
export function ActingAsBanner() {
  const temporaryLogin = useTemporaryLogin();
  const { user } = useSession();
  if (!temporaryLogin.active || !user) return null;
  return (
    <Callout className="shell-acting-as" intent={Intent.WARNING} icon="person" compact>
      <span role="status">{actingAs(user.name)}</span>
      <HomeButton />
    </Callout>
  );
}

/** The settings menu (000 §2.7): 'Vital Configuration' opens the send-notification dialog (000 §2.9). */
export function SettingsMenu() {
  const [sending, setSending] = useState(false);
  // The dialog's code loads on first use and stays mounted afterwards, so it can animate closed.
  const [used, setUsed] = useState(false);
  return (
    <>
      <PopoverNext
        placement="bottom-end"
        animation={PopoverAnimation.MINIMAL}
        arrow={false}
        content={
          <Menu aria-label={SHELL_TEXT.settings}>
            <MenuItem
              icon="notifications"
              text={MSG.vitalConfiguration}
              onClick={() => {
                setUsed(true);
                setSending(true);
              }}
            />
          </Menu>
        }
      >
        <Tooltip content={SHELL_TEXT.settings} position={Position.BOTTOM}>
          <Button variant="minimal" icon="cog" aria-label={SHELL_TEXT.settings} />
        </Tooltip>
      </PopoverNext>
      {used && (
        <Suspense fallback={null}>
          <SendNotificationDialog isOpen={sending} onClose={() => setSending(false)} />
        </Suspense>
      )}
    </>
  );
}
