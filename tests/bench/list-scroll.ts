import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { createApp } from '@rpm/bff/app';
import { loadConfig } from '@rpm/bff/config';
import { testDatabase } from '@rpm/bff/db/test-database';
import { quantile } from './bench-helpers.js';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
/** Frames of scrolling per measurement, and measurements of each list (interleaved). */
const FRAMES = 120;
const ROUNDS = 3;

/**
 * Issue 10 "Benchmarks", client: a 100-row page of the patient list scrolls with frame p95 ≤ 2× a plain hand-written
 * list on the same page. In Debian's Chromium: the list screen with 100 rows, then a plain <table> of the same rows'
 * text (no React, no Blueprint) put on the same page in its place; each is scrolled top to bottom frame by frame
 * (requestAnimationFrame), and the frame intervals are measured, the two interleaved.
 */
export async function listScroll(): Promise<Record<string, string>> {
  const { db, close } = await testDatabase({ seedPatients: 400 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    CLIENT_DIST: resolve(import.meta.dirname, '../../client/dist'),
    CAPTCHA_MAX_COUNTER: '50',
  });
  const app = await createApp({ config, db });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // tsx (esbuild) names functions with a `__name` helper that the page's own scope lacks.
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(`${base}/`);
    await page.getByLabel('Email').fill('role1@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Demo-pass-2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\//);
    await page.goto(`${base}/app/patients?rowsPerPage=100`);
    await page.getByRole('grid').getByRole('row').nth(100).waitFor();

    // The plain list: the same cells' text in a bare table, kept hidden until its turn.
    await page.evaluate(() => {
      const grid = document.querySelector('[role="grid"]') as HTMLElement;
      const plain = document.createElement('table');
      plain.id = 'plain-list';
      plain.style.display = 'none';
      for (const row of grid.querySelectorAll('tr')) {
        const tr = document.createElement('tr');
        for (const cell of row.querySelectorAll('td, th')) {
          const td = document.createElement('td');
          td.textContent = cell.textContent;
          tr.append(td);
        }
        plain.append(tr);
      }
      grid.parentElement?.append(plain);
    });

    const scroll = (which: 'grid' | 'plain') =>
      page.evaluate(
        async ({ which, frames }) => {
          const grid = document.querySelector('[role="grid"]') as HTMLElement;
          const plain = document.getElementById('plain-list') as HTMLElement;
          grid.style.display = which === 'grid' ? '' : 'none';
          plain.style.display = which === 'plain' ? '' : 'none';
          window.scrollTo(0, 0);
          const height = document.documentElement.scrollHeight - window.innerHeight;
          const step = Math.max(1, height / frames);
          const intervals: number[] = [];
          await new Promise<void>((done) => {
            let last = performance.now();
            let n = 0;
            const frame = (now: number) => {
              intervals.push(now - last);
              last = now;
              window.scrollBy(0, step);
              if (++n < frames) requestAnimationFrame(frame);
              else done();
            };
            requestAnimationFrame(frame);
          });
          grid.style.display = '';
          plain.style.display = 'none';
          return intervals.slice(1);
        },
        { which, frames: FRAMES },
      );

    const gridFrames: number[] = [];
    const plainFrames: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      gridFrames.push(...(await scroll('grid')));
      plainFrames.push(...(await scroll('plain')));
    }
    const p95 = (xs: number[]) => quantile(xs, 0.95);
    const ratio = p95(gridFrames) / p95(plainFrames);
    return {
      'list screen, 100 rows: frame p95': `${p95(gridFrames).toFixed(1)} ms`,
      'plain table, same rows: frame p95': `${p95(plainFrames).toFixed(1)} ms`,
      'ratio (goal ≤ 2×)': `${ratio.toFixed(2)}× ${ratio <= 2 ? '(met)' : '(NOT met)'}`,
    };
  } finally {
    await browser.close();
    await app.close();
    await close();
  }
}
