import { Classes, ProgressBar } from '@blueprintjs/core';
import { PAGE_TRANSITION_MS, pageTitle, showsTitle } from '@rpm/shared';
import { type CSSProperties, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CallPanelProps } from '../calls/CallPanel';
import { preloadable } from '../routing/preloadable';
import { AppearanceDrawer } from './AppearanceDrawer';
import { useCallPanelUser } from './call-panel-toggle';
import { GuideDialog } from './GuideDialog';
import { Header } from './Header';
import { useHeaderHeightProperty } from './header-height';
import { MainMenu } from './menu/MainMenu';
import { MenuDrawer } from './menu/MenuDrawer';
import { PageArea } from './PageArea';
import { useRouteProgress } from './route-progress';
import { useScrollState } from './scroll-state';
import { useUiSettings } from './UiSettingsProvider';
import { hasSideMenu, MENU_VARIANT, type UiSettings } from './ui-settings';
import './themes.css';
import './shell.css';

/** Below this width the side menu gives way to the drawer (000 §2.7; decisions.md "Menu layout"). */
const SMALL_SCREEN_PX = 768;

function isSmallScreen(): boolean {
  return window.matchMedia?.(`(max-width: ${SMALL_SCREEN_PX - 1}px)`).matches ?? false;
}

// The softphone's code loads for users who may call (000 §2.12), not on every start page.
const LazyCallPanel = preloadable(
  () => import('../calls/CallPanel'),
  (m) => m.CallPanel,
);

/** The call panel where the user has one; nothing else is loaded or drawn. */
function CallPanel(props: CallPanelProps) {
  if (!useCallPanelUser()) return null;
  return (
    <Suspense fallback={null}>
      <LazyCallPanel {...props} />
    </Suspense>
  );
}

export interface ShellLayoutProps {
  readonly notFound: boolean;
}

/**
 * The signed-in layout (000 §2.7, §3): progress bar, background band, header, the menu in the chosen layout
 * (left, big or right sidebar, top navigation or mega menu; the drawer on small screens), and the page.
 */
export function ShellLayout({ notFound }: ShellLayoutProps) {
  const [pathname] = useLocation();
  const { settings } = useUiSettings();
  const scroll = useScrollState();
  const progress = useRouteProgress(pathname);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // 000 §3 sidebarOpen: the side menu can be folded away on wide screens; it opens again with the menu button.
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [guideOpen, setGuideOpen] = useState(false);
  const [appearanceOpen, setAppearanceOpen] = useState(false);
  useBodyTheme(settings);
  // The header wraps onto more rows on narrow windows: the band behind it and the sticky menus follow its height.
  const header = useRef<HTMLElement>(null);
  useHeaderHeightProperty(header);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the drawer
  useEffect(() => setDrawerOpen(false), [pathname]);

  const title = showsTitle(pathname) ? pageTitle(pathname) : null;
  const side = hasSideMenu(settings.layout);
  const variant = MENU_VARIANT[settings.layout];
  const style = {
    '--shell-page-transition': `${PAGE_TRANSITION_MS}ms`,
  } as CSSProperties;

  return (
    <div
      className={`shell${settings.type === 'dark' ? ` ${Classes.DARK}` : ''}`}
      data-theme={settings.theme}
      data-layout={settings.layout}
      data-bg={settings.bgPosition}
      data-gradient={settings.gradient}
      data-decoration={settings.decoration}
      data-sidebar={side && sidebarOpen ? 'open' : 'closed'}
      style={style}
    >
      <div className="shell-band" aria-hidden="true" />
      {progress.running && (
        <ProgressBar
          className="shell-progress"
          value={progress.value / 100}
          animate={false}
          stripes={false}
          aria-label="Page loading"
        />
      )}
      <Header
        ref={header}
        title={title}
        dark={scroll.headerDark}
        showsTitle={scroll.headerTitle}
        onMenu={() => {
          if (isSmallScreen() || !side) setDrawerOpen(true);
          else setSidebarOpen((open) => !open);
        }}
        onShowGuide={() => setGuideOpen(true)}
        onShowAppearance={() => setAppearanceOpen(true)}
      />
      {!side && (
        <nav className={`shell-topmenu${scroll.menuFixed ? ' shell-menu--fixed' : ''}`}>
          <MainMenu variant={variant} />
        </nav>
      )}
      <div className="shell-body">
        {side && sidebarOpen && (
          <aside
            className={`shell-sidebar shell-sidebar--with-calls${scroll.menuFixed ? ' shell-menu--fixed' : ''}`}
          >
            <div className="shell-sidebar-menu">
              <MainMenu variant={variant} />
            </div>
            <CallPanel sidebar />
          </aside>
        )}
        {!(side && sidebarOpen) && (
          <aside className="shell-callcolumn">
            <CallPanel sidebar={false} />
          </aside>
        )}
        <main className="shell-main" data-loaded={progress.pageLoaded}>
          <PageArea pathname={pathname} title={title} notFound={notFound} />
        </main>
      </div>
      <MenuDrawer isOpen={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <GuideDialog isOpen={guideOpen} onClose={() => setGuideOpen(false)} />
      <AppearanceDrawer isOpen={appearanceOpen} onClose={() => setAppearanceOpen(false)} />
    </div>
  );
}

/**
 * Dialogs, popovers and toasts render in portals on the body, outside the shell: the body carries the theme and
 * Blueprint's dark class too, so they follow the user's choice. Removed again when the shell goes (sign-out).
 */
function useBodyTheme(settings: UiSettings): void {
  useEffect(() => {
    const body = document.body;
    body.dataset.theme = settings.theme;
    body.classList.add('shell-body-themed');
    body.classList.toggle(Classes.DARK, settings.type === 'dark');
    return () => {
      delete body.dataset.theme;
      body.classList.remove(Classes.DARK, 'shell-body-themed');
    };
  }, [settings.theme, settings.type]);
}
