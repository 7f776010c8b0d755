import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';

interface CalendarOverlayProps {
  readonly show?: boolean;
  readonly rootClose?: boolean;
  readonly onHide?: () => void;
  readonly children: (injected: { props: { style: object }; placement: string; show: boolean }) => ReactNode;
}

/**
 * @public What react-big-calendar 1.x imports from react-overlays (`client/vite.config.ts` resolves
 * `react-overlays` here): `Overlay`, which draws the month view's '+N more' popup. The calendar's popup places itself,
 * closes on a click outside it, and hands its own ref in place of the overlay's, so react-overlays' Popper
 * positioning and outside-click handling never ran; what the popup used of it is the portal into the page's body.
 * That, and Escape closing it, is all this does, without Popper's 9 KiB gzip on the Technician Calendar's path
 * (decisions.md "Calendar without Popper").
 */
export function Overlay({ show = false, rootClose = false, onHide, children }: CalendarOverlayProps) {
  useEffect(() => {
    if (!show || !rootClose || !onHide) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onHide();
    };
    document.addEventListener('keyup', closeOnEscape);
    return () => document.removeEventListener('keyup', closeOnEscape);
  }, [show, rootClose, onHide]);
  if (!show) return null;
  return createPortal(children({ props: { style: {} }, placement: 'bottom', show }), document.body);
}
