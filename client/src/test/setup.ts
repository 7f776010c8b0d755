import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FakeAltcha } from './fake-altcha';
import { recordedPlots } from './fake-uplot';

// jsdom implements neither scrolling nor matchMedia; the app scrolls to the top on every navigation (000 §2.1).
beforeEach(() => {
  FakeAltcha.resetCounters();
  recordedPlots.length = 0;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

// Captured before any test fakes the timers.
const realSetImmediate = globalThis.setImmediate;

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // React's scheduler runs work left by the unmount on a real setImmediate; let it run while jsdom's window still
  // exists, or a test file's last test can end in "window is not defined" after the environment is torn down.
  await new Promise((resolve) => realSetImmediate(resolve));
});

// The real widget needs workers and Web Crypto; tests get a fake with the same element name and events.
vi.mock('../captcha/load-altcha', async () => {
  const { defineFakeAltcha } = await import('./fake-altcha');
  return { loadAltcha: defineFakeAltcha };
});

// uPlot draws on a canvas, which jsdom lacks: tests record what the chart hands it (test/fake-uplot.ts).
vi.mock('uplot', async () => ({ default: (await import('./fake-uplot')).FakeUPlot }));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));
