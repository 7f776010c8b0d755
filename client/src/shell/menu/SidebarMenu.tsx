import { Button, Classes, Collapse, Menu } from '@blueprintjs/core';
import {
  isCurrentEntry,
  type MenuEntry,
  type MenuGroup,
  type MenuGroupKey,
  type VisibleMenu,
} from '@rpm/shared';
import { useEffect, useId, useState } from 'react';
import { GROUP_ICONS } from './group-icons';
import { MenuEntryItem } from './MenuEntryItem';
import { useLinkClick } from './use-menu';

export interface SidebarMenuProps {
  readonly menu: VisibleMenu;
  readonly pathname: string;
  /** The wider big-sidebar: group icons and larger entries (000 §2.7, §3 'big-sidebar'). */
  readonly big: boolean;
  readonly taskCount: number;
  readonly onNavigate?: (() => void) | undefined;
}

const holdsCurrent = (group: MenuGroup, pathname: string) =>
  group.entries.some((entry) => isCurrentEntry(entry, pathname));

/**
 * The vertical menu: collapsible titled groups (000 §2.7; which start open: decisions.md "Menu layout"); a group
 * opens when the user navigates into it, so the highlighted entry is visible. Billers get one list (000 §6.2).
 */
export function SidebarMenu({ menu, pathname, big, taskCount, onNavigate }: SidebarMenuProps) {
  const [open, setOpen] = useState<ReadonlySet<MenuGroupKey>>(() => {
    const initial = new Set<MenuGroupKey>(['patientChart', 'main']);
    const first = menu.groups[0];
    if (first) initial.add(first.key);
    for (const group of menu.groups) if (holdsCurrent(group, pathname)) initial.add(group.key);
    return initial;
  });
  const currentGroup = menu.groups.find((group) => holdsCurrent(group, pathname))?.key;
  useEffect(() => {
    if (currentGroup) setOpen((keys) => (keys.has(currentGroup) ? keys : new Set([...keys, currentGroup])));
  }, [currentGroup]);
  const toggle = (key: MenuGroupKey) =>
    setOpen((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const click = useLinkClick(onNavigate);
  const list = (entries: readonly MenuEntry[], label: string) => (
    <Menu role="list" aria-label={label} size={big ? 'large' : 'medium'} className="main-menu-list">
      {entries.map((entry) => (
        <MenuEntryItem
          key={entry.key}
          entry={entry}
          current={isCurrentEntry(entry, pathname)}
          taskCount={taskCount}
          onClick={click(entry.link)}
          roleStructure="listitem"
        />
      ))}
    </Menu>
  );
  return (
    <nav aria-label="Main menu" className={`main-menu main-menu-vertical${big ? ' main-menu-big' : ''}`}>
      {menu.patientChart && (
        <SidebarGroup
          group={menu.patientChart}
          big={big}
          isOpen={open.has('patientChart')}
          onToggle={() => toggle('patientChart')}
          list={list}
        />
      )}
      {menu.flat
        ? menu.groups.map((group) => <div key={group.key}>{list(group.entries, group.title)}</div>)
        : menu.groups.map((group) => (
            <SidebarGroup
              key={group.key}
              group={group}
              big={big}
              isOpen={open.has(group.key)}
              onToggle={() => toggle(group.key)}
              list={list}
            />
          ))}
    </nav>
  );
}

interface SidebarGroupProps {
  readonly group: MenuGroup;
  readonly big: boolean;
  readonly isOpen: boolean;
  readonly onToggle: () => void;
  readonly list: (entries: readonly MenuEntry[], label: string) => React.JSX.Element;
}

/** A titled group: a heading button that shows or hides its entries. */
function SidebarGroup({ group, big, isOpen, onToggle, list }: SidebarGroupProps) {
  const id = useId();
  const chart = group.key === 'patientChart';
  return (
    <section className={`main-menu-group${chart ? ' main-menu-group-chart' : ''}`} aria-label={group.title}>
      <Button
        variant="minimal"
        fill
        alignText="start"
        className={`main-menu-heading ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}
        icon={big || chart ? GROUP_ICONS[group.key] : undefined}
        endIcon={isOpen ? 'chevron-down' : 'chevron-right'}
        text={group.title}
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={onToggle}
      />
      <div id={id}>
        <Collapse isOpen={isOpen}>{list(group.entries, group.title)}</Collapse>
      </div>
    </section>
  );
}
