import type { Page } from '@playwright/test';

/** The pager's 'first–last of count' text. */
export const pagerText = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

/** The count the pager shows ('1–10 of 43' → 43), or 0 for an empty list. */
export async function listCount(page: Page): Promise<number> {
  const text = (await pagerText(page).textContent()) ?? '';
  const match = /of (\d+)/.exec(text);
  return match ? Number(match[1]) : 0;
}
