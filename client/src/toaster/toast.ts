import type { Intent, Toaster } from '@blueprintjs/core';
import { SNACKBAR_MS } from '@rpm/shared';

let toaster: Promise<Toaster> | undefined;

/** One toast: a message and its colour (green SUCCESS, amber WARNING, red DANGER). */
export interface ToastMessage {
  readonly message: string;
  readonly intent: Intent;
  /** Milliseconds before it hides; the spec's snackbar time, 3 s, by default (000 §9). */
  readonly timeout?: number;
}

/** Loads the toaster's code ahead of a toast that will surely come: 'Login successful' as the user signs in. */
export const preloadToaster = (): Promise<unknown> => import('./create-toaster');

/**
 * Shows a toast. The toaster and its code are loaded on first use, so pages that never toast (the sign-in page
 * before a sign-in) do not carry them.
 */
export async function showToast({ message, intent, timeout = SNACKBAR_MS }: ToastMessage): Promise<void> {
  toaster ??= import('./create-toaster').then((m) => m.createToaster());
  try {
    (await toaster).show({ message, intent, timeout });
  } catch (error) {
    toaster = undefined;
    throw error;
  }
}
