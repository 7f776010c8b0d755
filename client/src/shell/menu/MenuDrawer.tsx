import { Button, Classes, Drawer, H4, Position } from '@blueprintjs/core';
import { DRAWER_WIDTHS_PX, MSG } from '@rpm/shared';
import { type PointerEvent, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { MainMenu } from './MainMenu';

export interface MenuDrawerProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

/** Below this viewport width the drawer is 280 px instead of 300 px. Spec 000 §9 gives the widths, not the width. */
const NARROW_VIEWPORT_PX = 400;

/** The drawer's title (decisions.md "Texts the spec does not quote"). */
const MENU_DRAWER_TITLE = 'Menu';

/** A leftward swipe this long or more, and more horizontal than vertical, closes it (decisions.md "Menu layout"). */
const SWIPE_CLOSE_PX = 60;

/** The drawer's width for a viewport width (000 §2.7, §9): 300 px, or 280 px on viewports under 400 px. */
export function drawerWidth(viewportWidth: number): number {
  const [wide, narrow] = DRAWER_WIDTHS_PX;
  return viewportWidth < NARROW_VIEWPORT_PX ? narrow : wide;
}

function subscribeResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const viewportWidth = () => window.innerWidth;

/**
 * The menu on small screens (000 §2.7): the sidebar menu in a Blueprint Drawer from the left, 300 px wide (280 px on
 * viewports under 400 px). It closes when a link is chosen or the path changes, on Escape or a click outside, and
 * on a swipe to the left (pointer events, so touch, pen and mouse all work).
 */
export function MenuDrawer({ isOpen, onClose }: MenuDrawerProps) {
  const width = useSyncExternalStore(subscribeResize, viewportWidth, () => DRAWER_WIDTHS_PX[0]);
  const [pathname] = useLocation();
  const titleId = useId();
  const lastPath = useRef(pathname);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);

  // Any navigation (a menu link, the search box, Back) closes an open drawer.
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (isOpen) onClose();
  }, [isOpen, pathname, onClose]);

  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (event.isPrimary) swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const up = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (dx <= -SWIPE_CLOSE_PX && Math.abs(dx) > Math.abs(dy)) onClose();
  };

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      position={Position.LEFT}
      size={drawerWidth(width)}
      className="menu-drawer"
    >
      {/* Blueprint's Drawer gives its panel no role: this one names it, header included. */}
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="menu-drawer-panel"
        data-testid="menu-drawer-panel"
        onPointerDown={down}
        onPointerUp={up}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        <div className={Classes.DRAWER_HEADER}>
          <H4 id={titleId}>{MENU_DRAWER_TITLE}</H4>
          <Button
            aria-label={MSG.close}
            className={Classes.DIALOG_CLOSE_BUTTON}
            icon="small-cross"
            variant="minimal"
            onClick={onClose}
          />
        </div>
        <div className={`${Classes.DRAWER_BODY} menu-drawer-body`}>
          <MainMenu variant="sidebar" onNavigate={onClose} />
        </div>
      </div>
    </Drawer>
  );
}
