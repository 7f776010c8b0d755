import { Button, Menu, PopoverAnimation, PopoverNext } from '@blueprintjs/core';
import { isCurrentEntry, managementEntries } from '@rpm/shared';
import { useLocation } from 'wouter';
import { useSession } from '../../session/SessionProvider';
import { MenuEntryItem } from './MenuEntryItem';
import { useLinkClick } from './use-menu';
import './menu.css';

/** The button's text (decisions.md "Texts the spec does not quote"). */
export const MANAGEMENT_LABEL = 'Management';

/**
 * The management menu (000 §2.7): Organizations, Practices, Locations and Programs, each only when the page list
 * holds its table; nothing at all when none.
 */
export function ManagementMenu() {
  const { user } = useSession();
  const [pathname] = useLocation();
  const click = useLinkClick();
  const entries = user ? managementEntries(user) : [];
  if (entries.length === 0) return null;
  const current = entries.some((entry) => isCurrentEntry(entry, pathname));
  return (
    <PopoverNext
      placement="bottom-end"
      animation={PopoverAnimation.MINIMAL}
      arrow={false}
      content={
        <Menu aria-label={MANAGEMENT_LABEL}>
          {entries.map((entry) => (
            <MenuEntryItem
              key={entry.key}
              entry={entry}
              current={isCurrentEntry(entry, pathname)}
              taskCount={0}
              onClick={click(entry.link)}
              roleStructure="menuitem"
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon="office" endIcon="caret-down" text={MANAGEMENT_LABEL} active={current} />
    </PopoverNext>
  );
}
