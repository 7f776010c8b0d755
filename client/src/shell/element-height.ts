import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The rendered height of an element in px, following its changes (ResizeObserver); `null` before the first
 * measurement or where the browser has no ResizeObserver.
 */
export function useElementHeight(ref: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setHeight(Math.round(element.getBoundingClientRect().height));
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
