import { expect, type Page } from '@playwright/test';

export const POPUP = 'Submit details to get call back';

/** The mouse leaves the page through its top edge, as a visitor heading for the tab bar does. */
export async function leaveThroughTop(page: Page) {
  await page.mouse.move(200, 300);
  await page.mouse.move(200, 40, { steps: 4 });
  await page.mouse.move(200, -20, { steps: 2 });
}

/** The page as a returning visitor sees it: the home query modal was already shown once. */
export async function withQueryModalSeen(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => {
    localStorage.setItem('queryModalShown', 'true');
    // The home page's own call-back modal offers itself once a session; not in these tests.
    sessionStorage.setItem('queryModalAutoShown', 'true');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', /en-/);
  // Hydrated: the footer's button is live.
  await expect(page.getByRole('button', { name: 'Get a call back' }).first()).toBeEnabled();
  await page.waitForLoadState('networkidle');
  // The exit-intent listener is the enquiry layer's, whose code loads once the page is idle.
  await enquiryLayerLive(page);
}

/** Waits until the enquiry layer (the exit-intent listener, the call-back modal's opener) is live. */
export async function enquiryLayerLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-live', /(^| )enquiry( |$)/);
}

export const popup = (page: Page) => page.getByRole('dialog', { name: POPUP });
