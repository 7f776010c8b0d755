import { type RefObject, useLayoutEffect } from 'react';

/** The custom property the band, the sticky menus and the toasts place themselves by (shell.css). */
const HEADER_HEIGHT = '--shell-header-height';

/**
 * Keeps `--shell-header-height` on the root element at the header's rendered height: the header wraps onto more
 * rows on narrow windows, and the band behind it, the sticky menus, the page's scroll padding and the toasts (which
 * render on the body, outside the shell) follow it. Written straight to the root, and only when it differs from the
 * value in force (shell.css sets the one-row height): a custom property there restyles the whole page, about 10 ms
 * when the shell set it on every sign-in.
 */
export function useHeaderHeightProperty(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const px = `${Math.round(element.getBoundingClientRect().height)}px`;
      if (getComputedStyle(root).getPropertyValue(HEADER_HEIGHT).trim() !== px)
        root.style.setProperty(HEADER_HEIGHT, px);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_HEIGHT);
    };
  }, [header]);
}
