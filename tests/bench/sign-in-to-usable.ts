import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createApp } from '@rpm/bff/app';
import { loadConfig } from '@rpm/bff/config';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserFlags } from '@rpm/bff/db/seed/demo-users';
import { testDatabase } from '@rpm/bff/db/test-database';
import { startPage } from '@rpm/shared';
import { quantile } from './bench-helpers.js';

const ROUNDS = Number(process.env.BENCH_USABLE_ROUNDS ?? 5);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
const GOAL_MEDIAN_MS = 350;
const GOAL_MAX_MS = 800;

/**
 * Counts the page's API calls in flight, and notes when the captcha is solved and when 'Sign in' is pressed, in the
 * page's own clock (performance.now, from the page's start), so the figure is the page's and not Playwright's round
 * trips.
 */
const INSTRUMENT = `(() => {
  window.__bench = { inFlight: 0, clickedAt: null, solvedAt: null };
  // The widget's events do not bubble; a capturing listener sees them.
  addEventListener('statechange', (event) => {
    if (event.detail && event.detail.state === 'verified' && window.__bench.solvedAt === null) {
      window.__bench.solvedAt = performance.now();
    }
  }, true);
  const fetch0 = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/')) return fetch0(input, init);
    window.__bench.inFlight++;
    return fetch0(input, init).finally(() => { window.__bench.inFlight--; });
  };
  addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button[type=submit]')) {
      window.__bench.clickedAt = performance.now();
    }
  }, true);
})();`;

/**
 * Usable = the start page drawn with its data: on the start page's URL, the greeting drawn, a heading in the page
 * area, no API call in flight and nothing that says it is still loading (Suspense's 'Loading...', a spinner, a
 * busy region). Checked on every animation frame; answers the page-clock time since the click.
 */
async function msToUsable(page: Page, path: string): Promise<number> {
  const handle = await page.waitForFunction(
    (expected) => {
      const bench = (window as unknown as { __bench: { inFlight: number; clickedAt: number | null } })
        .__bench;
      if (bench.clickedAt === null || location.pathname !== expected) return false;
      if (bench.inFlight > 0) return false;
      if (!document.querySelector('.shell-greeting')) return false;
      if (!document.querySelector('main h1, main h2, main [role=heading]')) return false;
      if (document.querySelector('.page-loading, .bp6-spinner, [aria-busy="true"]')) return false;
      return performance.now() - bench.clickedAt;
    },
    path,
    { polling: 'raf', timeout: 15_000 },
  );
  return (await handle.jsonValue()) as number;
}

const flag = (on: boolean | undefined) => (on ? 1 : 0);
const median = (xs: number[]) => quantile(xs, 0.5);

/**
 * Issue 17 goal 2: from pressing 'Sign in' to the start page drawn with its data, for every demo user's start page
 * (000 §6.1), in Debian's Chromium against the built client and the BFF with the default captcha size. Each round is
 * a new browser context (nothing cached), the user types first, as a person does, so the captcha is solved while
 * they type. The multi-factor demo user is left out: their second step is a person typing a code.
 */
export async function signInToUsable(): Promise<Record<string, string>> {
  const { db, close } = await testDatabase({ seedPatients: 40 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    CLIENT_DIST: resolve(import.meta.dirname, '../../client/dist'),
  });
  const app = await createApp({ config, db });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const only = process.env.BENCH_USABLE_USERS?.split(',');
  const users = DEMO_USERS.filter(
    (user) => !('totpSecret' in user) && (!only || only.includes(user.username)),
  );
  const figures: Record<string, string> = {};
  const all: number[] = [];
  const solved: number[] = [];
  try {
    for (const user of users) {
      const flags: DemoUserFlags = user.flags;
      const path = startPage(
        {
          roleid: [...user.roles],
          is_dentist: flag(flags.isDentist),
          is_sleeplab_user: flag(flags.isSleeplabUser),
          is_interpreting_prac: flag(flags.isInterpretingPrac),
          onlyCoRead: flag(flags.onlyCoRead),
        },
        null,
      );
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const context = await browser.newContext();
        await context.addInitScript(INSTRUMENT);
        const page = await context.newPage();
        await page.goto(`${base}/`);
        await page.getByLabel('Email').fill(user.username);
        await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
        // A person's typing takes seconds: the captcha's proof of work, which starts as the form loads, is done by the
        // time they press the button. Playwright types at once, so the round waits for it (its time is reported).
        const solvedAt = await page.waitForFunction(
          () => (window as unknown as { __bench: { solvedAt: number | null } }).__bench.solvedAt,
          null,
          { timeout: 15_000 },
        );
        solved.push((await solvedAt.jsonValue()) as number);
        await page.waitForTimeout(1000); // a person's pause before pressing the button
        await page.getByRole('button', { name: 'Sign in' }).click();
        times.push(await msToUsable(page, path));
        await context.close();
      }
      all.push(...times);
      const name = user.username.replace('@demo.test', '');
      figures[`${name} → ${path}`] =
        `median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`;
    }
    figures['every start page: median'] = `${median(all).toFixed(0)} ms (goal ≤ ${GOAL_MEDIAN_MS} ms)`;
    figures['every start page: max'] = `${Math.max(...all).toFixed(0)} ms (goal ≤ ${GOAL_MAX_MS} ms)`;
    figures['captcha solved after page start'] =
      `median ${median(solved).toFixed(0)} ms, max ${Math.max(...solved).toFixed(0)} ms (before the click, not counted)`;
    figures.rounds = `${ROUNDS} per user, ${users.length} users`;
    return figures;
  } finally {
    await browser.close();
    await app.close();
    await close();
  }
}
