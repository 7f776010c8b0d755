import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

export interface NavigateProps {
  readonly to: string;
  /** Runs just before navigating (saving a redirect URL, clearing one). */
  readonly before?: () => void;
}

/** Replaces the current entry with `to` once rendered: a redirect that does not leave a history entry behind. */
export function Navigate({ to, before }: NavigateProps) {
  const [, navigate] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a redirect happens once, on mount
  useLayoutEffect(() => {
    before?.();
    navigate(to, { replace: true });
  }, []);
  return null;
}
