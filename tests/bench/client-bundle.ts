import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { createApp } from '@rpm/bff/app';
import { loadConfig } from '@rpm/bff/config';
import { DEMO_PASSWORD } from '@rpm/bff/db/seed/demo-users';
import { testDatabase } from '@rpm/bff/db/test-database';
import type { Figures } from './bench-helpers.js';

const dist = resolve(import.meta.dirname, '../../client/dist');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];

/** One demo user per start page of 000 §6.1 (README's demo users), plus the call agent (softphone). */
const START_USERS = [
  'role2',
  'role10',
  'role14',
  'role16',
  'coread',
  'role18',
  'role20',
  'sleeplab',
  'agent',
] as const;

/**
 * Issue 17 goal 1 (KiB gzip); issue 45 §4 restates the sign-in page's JS without react-dom's own chunk (React 19's
 * client, 65.7 KiB, cannot be split), the captcha widget included.
 */
const GOAL = { signInJs: 100, signInJsWithoutReactDom: 60, signInCss: 50, shellJs: 150, chunk: 60 } as const;
/** react-dom and scheduler's chunk (client/vite.config.ts codeSplitting). */
const REACT_DOM_CHUNK = /^react-dom-/;

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const gzipped = new Map<string, number>();
/** A built file's gzip size (the dist file compressed as the issue measured it). */
function gz(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(resolve(dist, 'assets', file))).length;
    gzipped.set(file, size);
  }
  return size;
}

/** Every JS/CSS file the page fetches from the build, collected while `step` runs and until the network rests. */
async function fetchedDuring(page: Page, step: () => Promise<void>): Promise<Set<string>> {
  const files = new Set<string>();
  let pending = 0;
  let last = Date.now();
  const onRequest = (request: { url(): string }) => {
    pending++;
    last = Date.now();
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/') && /\.(m?js|css)$/.test(path)) files.add(path.slice('/assets/'.length));
  };
  const onDone = () => {
    pending--;
    last = Date.now();
  };
  page.context().on('request', onRequest);
  page.context().on('requestfinished', onDone);
  page.context().on('requestfailed', onDone);
  try {
    await step();
    // The network rests: nothing in flight for 500 ms (lazy chunks, the start page's calls, the captcha's worker).
    while (pending > 0 || Date.now() - last < 500) await page.waitForTimeout(50);
  } finally {
    page.context().off('request', onRequest);
    page.context().off('requestfinished', onDone);
    page.context().off('requestfailed', onDone);
  }
  return files;
}

const js = (files: Iterable<string>) => [...files].filter((f) => /\.m?js$/.test(f));
const css = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.css'));
const total = (files: readonly string[]) => files.reduce((sum, f) => sum + gz(f), 0);
const largest = (files: readonly string[]) =>
  files.reduce((top, f) => (gz(f) > gz(top) ? f : top), files[0] ?? '');

/**
 * First load (issue 17 goal 1), measured in Debian's Chromium against the built client
 * (`npm run build -w @rpm/client` first): every JS and CSS file the sign-in page fetches before a user can sign in
 * (the captcha widget and its proof-of-work worker included: the user has typed their email), then, per start page,
 * what the signed-in shell's first screen fetches more, from typing the password (which starts loading the frame)
 * until the network rests after sign-in (icons included), and the largest chunk on
 * the path to each start page. Sizes are each built file gzipped.
 */
export async function clientBundle(): Promise<Figures> {
  const { db, close } = await testDatabase({ seedPatients: 40 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    CLIENT_DIST: dist,
  });
  const app = await createApp({ config, db });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const figures: Figures = {};
  try {
    let signInFiles: Set<string> | undefined;
    const pathFiles = new Set<string>();
    for (const user of START_USERS) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const before = await fetchedDuring(page, async () => {
        await page.goto(`${base}/`);
        await page.getByLabel('Email').fill(`${user}@demo.test`);
      });
      signInFiles ??= before;
      // Typing the password starts loading the signed-in frame (SignInPage): counted with the shell, not the page.
      const typed = await fetchedDuring(page, async () => {
        await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      });
      const after = await fetchedDuring(page, async () => {
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(/\/app\//);
      });
      for (const f of typed) after.add(f);
      const startPage = new URL(page.url()).pathname;
      await context.close();
      const more = js([...after].filter((f) => !before.has(f)));
      for (const f of [...before, ...after]) pathFiles.add(f);
      const top = largest(js(after));
      figures[`${user} → ${startPage}`] =
        `${kib(total(more))} JS in ${more.length} files (goal ≤ ${GOAL.shellJs} KiB); largest ${top} ${kib(gz(top))}`;
    }
    const signIn = signInFiles ?? new Set<string>();
    const signInJs = js(signIn);
    const signInCss = css(signIn);
    const top = largest(js(pathFiles));
    return {
      'sign-in page JS (gzip)': `${kib(total(signInJs))} in ${signInJs.length} files (goal ≤ ${GOAL.signInJs} KiB)`,
      'sign-in page JS without react-dom (gzip)': `${kib(total(signInJs.filter((f) => !REACT_DOM_CHUNK.test(f))))}${
        signInJs.some((f) => f.startsWith('altcha'))
          ? ', captcha widget included'
          : ', NO captcha widget among them'
      } (goal ≤ ${GOAL.signInJsWithoutReactDom} KiB)`,
      'sign-in page CSS (gzip)': `${kib(total(signInCss))} in ${signInCss.length} files (goal ≤ ${GOAL.signInCss} KiB)`,
      'sign-in page JS files, largest first': [...signInJs]
        .sort((a, b) => gz(b) - gz(a))
        .map((f) => `${f} ${kib(gz(f))}`)
        .join(', '),
      'sign-in largest chunk': `${largest(signInJs)} ${kib(gz(largest(signInJs)))}`,
      ...figures,
      'largest chunk on any start path': `${top} ${kib(gz(top))} (goal ≤ ${GOAL.chunk} KiB)`,
    };
  } finally {
    await browser.close();
    await app.close();
    await close();
  }
}
