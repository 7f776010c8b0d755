import { Intent, MenuItem, Tag } from '@blueprintjs/core';
import type { MenuEntry } from '@rpm/shared';
import type { MouseEvent } from 'react';
import { taskBadgeText } from './task-badge';

export interface MenuEntryItemProps {
  readonly entry: MenuEntry;
  /** The entry is the page on screen: highlighted and marked aria-current (000 §2.7). */
  readonly current: boolean;
  /** The incomplete-task count, shown as a badge on My Tasks only (000 §2.7). */
  readonly taskCount: number;
  /** Navigates inside the app on a plain click (see useLinkClick). */
  readonly onClick: (event: MouseEvent<HTMLElement>) => void;
  /** 'listitem' inside a navigation list, 'menuitem' inside a popover menu. */
  readonly roleStructure: 'listitem' | 'menuitem';
}

/** One menu entry: a real link (so it can open in a new tab) that navigates inside the app on a plain click. */
export function MenuEntryItem({ entry, current, taskCount, onClick, roleStructure }: MenuEntryItemProps) {
  const badge = entry.key === 'myTasks' ? taskBadgeText(taskCount) : null;
  return (
    <MenuItem
      roleStructure={roleStructure}
      text={entry.label}
      href={entry.link}
      onClick={onClick}
      active={current}
      aria-current={current ? 'page' : undefined}
      labelElement={badge === null ? undefined : <TaskBadge text={badge} />}
    />
  );
}

/** The My Tasks badge: the capped count (000 §2.7, §9). */
export function TaskBadge({ text }: { readonly text: string }) {
  return (
    <Tag round intent={Intent.DANGER} className="menu-task-badge" title={`${text} incomplete tasks`}>
      {text}
    </Tag>
  );
}
