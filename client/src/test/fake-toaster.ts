import type { Toaster, ToastOptions, ToastProps } from '@blueprintjs/core';

/** Where the fake shows its toasts: plain elements in the page, so tests find their text. */
const shown = new Map<string, { readonly options: ToastOptions; readonly element: HTMLElement }>();
let next = 0;

/**
 * The app's toaster in component tests. Blueprint's OverlayToaster renders into a React root of its own that
 * testing-library never unmounts; a toast shown near the end of a test file could then render after jsdom was torn
 * down ("window is not defined"). The fake shows each toast as a plain element, synchronously, without timers.
 */
export function createFakeToaster(): Promise<Toaster> {
  const toaster: Toaster = {
    show(props: ToastProps, key?: string) {
      const id = key ?? `toast-${next++}`;
      shown.get(id)?.element.remove();
      const element = document.createElement('div');
      element.setAttribute('role', 'status');
      element.dataset.intent = String(props.intent ?? 'none');
      element.textContent = typeof props.message === 'string' ? props.message : '';
      document.body.append(element);
      shown.set(id, { options: { ...props, key: id }, element });
      return id;
    },
    dismiss(key: string) {
      shown.get(key)?.element.remove();
      shown.delete(key);
    },
    clear() {
      for (const key of [...shown.keys()]) toaster.dismiss(key);
    },
    getToasts: () => [...shown.values()].map((toast) => toast.options),
  };
  return Promise.resolve(toaster);
}

/** Removes every toast between tests. */
export function clearFakeToasts(): void {
  for (const { element } of shown.values()) element.remove();
  shown.clear();
}
