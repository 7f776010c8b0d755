import {
  AnchorButton,
  Button,
  Menu,
  Navbar,
  NavbarGroup,
  PopoverAnimation,
  PopoverNext,
} from '@blueprintjs/core';
import { isCurrentEntry, type MenuEntry, type MenuGroup, type VisibleMenu } from '@rpm/shared';
import { GROUP_ICONS } from './group-icons';
import { MenuEntryItem, TaskBadge } from './MenuEntryItem';
import { taskBadgeText } from './task-badge';
import { useLinkClick } from './use-menu';

export interface HorizontalMenuProps {
  readonly menu: VisibleMenu;
  readonly pathname: string;
  /** The mega-menu: each title opens a wide panel with its entries in columns; otherwise a plain list. */
  readonly mega: boolean;
  readonly taskCount: number;
}

/** Entries per column of the mega-menu panel (decisions.md "Menu layout"). */
const MEGA_COLUMN_SIZE = 8;

/**
 * The horizontal menus (000 §2.7 'top-menu' and 'mega-menu'): a Blueprint Navbar with one title per group, each
 * opening a popover with the group's entries; the title of the group holding the current page is highlighted.
 * Billers' flat list (000 §6.2) shows as links straight in the bar.
 */
export function HorizontalMenu({ menu, pathname, mega, taskCount }: HorizontalMenuProps) {
  const click = useLinkClick();
  return (
    <nav aria-label="Main menu" className={`main-menu main-menu-horizontal${mega ? ' main-menu-mega' : ''}`}>
      <Navbar className="main-menu-bar">
        <NavbarGroup className="main-menu-bar-group">
          {menu.patientChart && (
            <GroupPopover group={menu.patientChart} pathname={pathname} mega={mega} taskCount={taskCount} />
          )}
          {menu.flat
            ? menu.groups
                .flatMap((group) => group.entries)
                .map((entry) => {
                  const current = isCurrentEntry(entry, pathname);
                  const badge = entry.key === 'myTasks' ? taskBadgeText(taskCount) : null;
                  return (
                    <AnchorButton
                      key={entry.key}
                      // Blueprint's AnchorButton says 'button'; it navigates, so it is a link.
                      role="link"
                      variant="minimal"
                      href={entry.link}
                      onClick={click(entry.link)}
                      active={current}
                      aria-current={current ? 'page' : undefined}
                      text={entry.label}
                      endIcon={badge === null ? undefined : <TaskBadge text={badge} />}
                    />
                  );
                })
            : menu.groups.map((group) => (
                <GroupPopover
                  key={group.key}
                  group={group}
                  pathname={pathname}
                  mega={mega}
                  taskCount={taskCount}
                />
              ))}
        </NavbarGroup>
      </Navbar>
    </nav>
  );
}

interface GroupPopoverProps {
  readonly group: MenuGroup;
  readonly pathname: string;
  readonly mega: boolean;
  readonly taskCount: number;
}

/** One group title and its popover. */
function GroupPopover({ group, pathname, mega, taskCount }: GroupPopoverProps) {
  const click = useLinkClick();
  const current = group.entries.some((entry) => isCurrentEntry(entry, pathname));
  const items = (entries: readonly MenuEntry[]) =>
    entries.map((entry) => (
      <MenuEntryItem
        key={entry.key}
        entry={entry}
        current={isCurrentEntry(entry, pathname)}
        taskCount={taskCount}
        onClick={click(entry.link)}
        roleStructure="menuitem"
      />
    ));
  const content = mega ? (
    <div className="main-menu-mega-panel">
      {columns(group.entries, MEGA_COLUMN_SIZE).map((column) => (
        <Menu key={column[0]?.key} aria-label={group.title} className="main-menu-mega-column">
          {items(column)}
        </Menu>
      ))}
    </div>
  ) : (
    <Menu aria-label={group.title}>{items(group.entries)}</Menu>
  );
  const chart = group.key === 'patientChart';
  return (
    <PopoverNext
      content={content}
      placement="bottom-start"
      animation={PopoverAnimation.MINIMAL}
      arrow={false}
    >
      <Button
        variant="minimal"
        className={chart ? 'main-menu-title main-menu-title-chart' : 'main-menu-title'}
        icon={mega || chart ? GROUP_ICONS[group.key] : undefined}
        endIcon="caret-down"
        text={group.title}
        active={current}
      />
    </PopoverNext>
  );
}

/** `entries` cut into columns of `size`. */
function columns<T>(entries: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < entries.length; i += size) out.push(entries.slice(i, i + size));
  return out;
}
