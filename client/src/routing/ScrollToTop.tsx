import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Scrolls to the top on every navigation (000 §2.1). */
export function ScrollToTop() {
  const [pathname] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the path, which it does not read
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
