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

/** Waits until the page has kept a read whose key contains `needle` for offline use (src/lib/content-store.ts). */
export async function contentKept(page: Page, needle: string) {
  await expect
    .poll(() =>
      page.evaluate(
        (needle) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('wanderlust-content');
            open.onsuccess = () => {
              if (!open.result.objectStoreNames.contains('answers')) return resolve(false);
              const req = open.result.transaction('answers').objectStore('answers').getAllKeys();
              req.onsuccess = () => resolve(req.result.some((k) => String(k).includes(needle)));
            };
          }),
        needle,
      ),
    )
    .toBe(true);
}
