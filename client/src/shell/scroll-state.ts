import { SCROLL } from '@rpm/shared';
import { useSyncExternalStore } from 'react';

/** What the page's scroll position changes in the shell (000 §2.7, §9). */
export interface ScrollState {
  /** Past 30 px: the header darkens. */
  readonly headerDark: boolean;
  /** Past 40 px: the header shows the page title. */
  readonly headerTitle: boolean;
  /** Past 64 px: the menu becomes fixed. */
  readonly menuFixed: boolean;
}

/** The scroll state at `y` px (000 §2.7 "after 30 px", "after 40 px", "after 64 px": strictly past the threshold). */
export function scrollState(y: number): ScrollState {
  return {
    headerDark: y > SCROLL.headerDark,
    headerTitle: y > SCROLL.headerTitle,
    menuFixed: y > SCROLL.menuFixed,
  };
}

// The snapshot is one bit per threshold, so React re-renders only when a threshold is crossed, not on every pixel.
function read(): number {
  const s = scrollState(window.scrollY);
  return (s.headerDark ? 1 : 0) | (s.headerTitle ? 2 : 0) | (s.menuFixed ? 4 : 0);
}

/**
 * The bits as last read: on a scroll event, or when a component subscribes (after the browser has drawn). Reading
 * window.scrollY while React renders made the browser lay out the page mid-render, on every render of the shell
 * (some 11 ms of a sign-in's main thread on the bench machine). Every change of the position fires a scroll event.
 */
let current = 0;
const listeners = new Set<() => void>();

function onScroll(): void {
  const next = read();
  if (next === current) return;
  current = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(onChange: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('scroll', onScroll, { passive: true });
  listeners.add(onChange);
  // The position may have changed while nothing listened; React reads the snapshot again after subscribing.
  current = read();
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('scroll', onScroll);
  };
}

const snapshot = (): number => current;

/** The page's {@link ScrollState}, re-rendering when a threshold is crossed. */
export function useScrollState(): ScrollState {
  const bits = useSyncExternalStore(subscribe, snapshot, () => 0);
  return { headerDark: (bits & 1) !== 0, headerTitle: (bits & 2) !== 0, menuFixed: (bits & 4) !== 0 };
}
