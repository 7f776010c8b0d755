import { Button, Classes } from '@blueprintjs/core';
import { MSG, PRODUCT } from '@rpm/shared';
import type { Ref } from 'react';
import { ActingAsBanner, FullScreenButton, IconTool, ModeToggle, SettingsMenu } from './HeaderTools';
import { LocationSelect } from './LocationSelect';
import { ManagementMenu } from './menu/ManagementMenu';
import { SearchBox } from './menu/SearchBox';
import { SHELL_TEXT } from './shell-texts';
import { TopBar } from './TopBar';

export interface HeaderProps {
  /** The header element, measured by the layout. */
  readonly ref?: Ref<HTMLElement>;
  /** The page title, or `null` where titles are hidden (000 §2.1). */
  readonly title: string | null;
  /** Past 30 px of scroll: the header darkens (000 §2.7). */
  readonly dark: boolean;
  /** Past 40 px of scroll: the header shows the title (000 §2.7). */
  readonly showsTitle: boolean;
  /** The menu button: the drawer on small screens, the side menu's collapse on wide ones. */
  readonly onMenu: () => void;
  readonly onShowGuide: () => void;
  readonly onShowAppearance: () => void;
}

/**
 * The header (000 §2.7): during a temporary login a first row 'Acting as {name}' with 'Home'; menu button, product
 * name and (once scrolled) the page title; the search box; the location/practice dropdown; full screen, dark/light, 'Show Guide', themes and
 * layout, the settings menu; the management menu where there is room; then the top bar (greeting, call/task
 * toggle, bell, avatar).
 */
export function Header({ ref, title, dark, showsTitle, onMenu, onShowGuide, onShowAppearance }: HeaderProps) {
  return (
    <header ref={ref} className={`shell-header${dark ? ' shell-header--dark' : ''}`}>
      <ActingAsBanner />
      <div className="shell-header-start">
        <Button
          className="shell-menu-button"
          variant="minimal"
          icon="menu"
          aria-label={SHELL_TEXT.openMenu}
          onClick={onMenu}
        />
        <span className="shell-product">{PRODUCT}</span>
        {showsTitle && title !== null && (
          <span className={`shell-header-title ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{title}</span>
        )}
      </div>
      <div className="shell-header-search">
        <SearchBox />
      </div>
      <div className="shell-header-end">
        <LocationSelect />
        <span className="shell-wide-only">
          <FullScreenButton />
        </span>
        <ModeToggle />
        <IconTool label={MSG.showGuide} icon="help" onClick={onShowGuide} />
        <IconTool label={SHELL_TEXT.appearance} icon="color-fill" onClick={onShowAppearance} />
        <SettingsMenu />
        <span className="shell-management">
          <ManagementMenu />
        </span>
        <TopBar />
      </div>
    </header>
  );
}
