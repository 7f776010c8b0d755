import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** The app's one toaster, at the top of the page (000 §4.3 'Login Successful'; 001 §8 'Password Updated'). */
export function createToaster(): Promise<Toaster> {
  return OverlayToaster.create({ position: Position.TOP, maxToasts: 3 });
}
