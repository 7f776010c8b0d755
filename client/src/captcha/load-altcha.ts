let loading: Promise<void> | undefined;

/**
 * Defines `<altcha-widget>` once, from its own chunk: the sign-in form paints first, the widget upgrades in place.
 * Tests replace this module with a fake widget.
 */
export function loadAltcha(): Promise<void> {
  loading ??= import('./altcha-setup').then(
    () => undefined,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
