import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { dropEarlyHub } from '../hub/connect-hub';
import { FakeAltcha } from './fake-altcha';
import { assertFakeServersClean } from './fake-server';
import { clearFakeToasts } from './fake-toaster';
import { recordedPlots } from './fake-uplot';

// findBy*/waitFor give up after 5 s, not 1 s: lazily loaded pages can take longer on a loaded 2-core CI machine;
// a passing test does not wait any longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom implements neither scrolling nor matchMedia; the app scrolls to the top on every navigation (000 §2.1).
beforeEach(() => {
  FakeAltcha.resetCounters();
  recordedPlots.length = 0;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  // A sign-in opens the hub ahead of the shell (hub/connect-hub.ts); no socket outlives its test.
  dropEarlyHub();
  clearFakeToasts();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  try {
    // A call no handler served or a request the contract refuses fails the test that made it (test/fake-server.ts).
    assertFakeServersClean();
  } finally {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  }
});

// The real widget needs workers and Web Crypto; tests get a fake with the same element name and events.
vi.mock('../captcha/load-altcha', async () => {
  const { defineFakeAltcha } = await import('./fake-altcha');
  return { loadAltcha: defineFakeAltcha };
});

// uPlot draws on a canvas, which jsdom lacks: tests record what the chart hands it (test/fake-uplot.ts).
vi.mock('uplot', async () => ({ default: (await import('./fake-uplot')).FakeUPlot }));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

// Toasts as plain elements (test/fake-toaster.ts): no React root outside testing-library's reach.
vi.mock('../toaster/create-toaster', async () => ({
  createToaster: (await import('./fake-toaster')).createFakeToaster,
}));
