import { Button, Menu, MenuDivider, MenuItem, PopoverAnimation, PopoverNext } from '@blueprintjs/core';
import { type StoredUser, type UserMenuEntry, userMenuEntries } from '@rpm/shared';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../session/SessionProvider';
import { readTempLogin } from '../../session/storage';
import { initials } from './initials';
import { useLinkClick } from './use-menu';
import './menu.css';

// Only admins open it, and only on demand: its code stays out of everyone else's first load.
const TemporaryLoginDialog = lazy(() =>
  import('../../machines/TemporaryLoginDialog').then((m) => ({ default: m.TemporaryLoginDialog })),
);

/**
 * The avatar in the top bar and its menu (000 §2.7): the user-menu links with the rules of 000 §6.2 (see
 * `userMenuEntries`), 'Sign in as another user' for administrators (000 §6.2, §4.4) and Logout (000 §4.2).
 * The button's accessible name is the user's name.
 */
export function UserMenu() {
  const { user, signOut } = useSession();
  const click = useLinkClick();
  const [tempDialog, setTempDialog] = useState<'never' | 'open' | 'closed'>('never');
  if (!user) return null;
  const entries = userMenuEntries(user, { tempLogin: readTempLogin() });

  const item = (entry: UserMenuEntry) => {
    switch (entry.kind) {
      case 'link':
        return <MenuItem key={entry.key} text={entry.label} href={entry.link} onClick={click(entry.link)} />;
      case 'temporary-login':
        return (
          <MenuItem
            key={entry.key}
            icon="swap-horizontal"
            text={entry.label}
            onClick={() => setTempDialog('open')}
          />
        );
      case 'logout':
        return [
          <MenuDivider key="logout-divider" />,
          <MenuItem key={entry.key} icon="log-out" text={entry.label} onClick={() => void signOut()} />,
        ];
    }
  };

  return (
    <>
      <PopoverNext
        placement="bottom-end"
        animation={PopoverAnimation.MINIMAL}
        arrow={false}
        content={<Menu aria-label={user.name}>{entries.map(item)}</Menu>}
      >
        <Button variant="minimal" className="user-menu-avatar" aria-label={user.name} title={user.name}>
          <Avatar user={user} />
        </Button>
      </PopoverNext>
      {tempDialog !== 'never' && (
        <Suspense fallback={null}>
          <TemporaryLoginDialog isOpen={tempDialog === 'open'} onClose={() => setTempDialog('closed')} />
        </Suspense>
      )}
    </>
  );
}

/** The profile image from profileImages/{profile_img} (000 §7), or the initials when absent or broken. */
function Avatar({ user }: { readonly user: StoredUser }) {
  const [broken, setBroken] = useState<string | null>(null);
  const image = user.profile_img;
  if (image !== null && image.trim() !== '' && broken !== image) {
    // Absolute, so the image loads from the app's root whatever page is open.
    return (
      <img
        src={`/profileImages/${encodeURIComponent(image)}`}
        alt=""
        width={32}
        height={32}
        onError={() => setBroken(image)}
      />
    );
  }
  return (
    <span className="user-menu-initials" aria-hidden>
      {initials(user.name, user.username)}
    </span>
  );
}
