import { expect, type Page } from '@playwright/test';

/** Waits until the app has hydrated: before that a click on a link or button is plain HTML at work. */
export async function interactive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-interactive', '');
}

/** Opens a page and waits until it is interactive. */
export async function gotoInteractive(page: Page, path: string) {
  const res = await page.goto(path);
  await interactive(page);
  return res;
}
