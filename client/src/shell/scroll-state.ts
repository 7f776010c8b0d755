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
function snapshot(): number {
  const s = scrollState(window.scrollY);
  return (s.headerDark ? 1 : 0) | (s.headerTitle ? 2 : 0) | (s.menuFixed ? 4 : 0);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** The page's {@link ScrollState}, re-rendering when a threshold is crossed. */
export function useScrollState(): ScrollState {
  const bits = useSyncExternalStore(subscribe, snapshot, () => 0);
  return { headerDark: (bits & 1) !== 0, headerTitle: (bits & 2) !== 0, menuFixed: (bits & 4) !== 0 };
}
