import { expect, type Page } from '@playwright/test';

export const POPUP = 'Submit details to get call back';

/**
 * The mouse leaves the page through its top edge, as a visitor heading for the tab bar does; returns
 * once the page has seen it leave (a `mouseout` through the top reached the document). The enquiry
 * layer's exit-intent listener runs in that same dispatch, so by then it has decided: a popup it
 * opens is already counted in localStorage (`exitPopupCount`, counted before it opens).
 */
export async function leaveThroughTop(page: Page) {
  const before = await exitsSeen(page);
  await page.mouse.move(200, 300);
  await page.mouse.move(200, 40, { steps: 4 });
  await page.mouse.move(200, -20, { steps: 2 });
  await expect.poll(() => exitsSeen(page)).toBeGreaterThan(before);
}

/** How many times the mouse has left this document through its top (a probe installed on first use). */
function exitsSeen(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { exitsSeen?: number };
    if (w.exitsSeen === undefined) {
      w.exitsSeen = 0;
      // As the app's isExitThroughTop reads it: out of the document (no element entered), at its top.
      document.addEventListener('mouseout', (e) => {
        if (e.relatedTarget === null && e.clientY <= 0) w.exitsSeen!++;
      });
    }
    return w.exitsSeen;
  });
}

/**
 * The mouse leaves through the top and no exit popup comes: the layer decided against it (it would
 * have counted the popup in localStorage, which still holds `count`, before opening it) and none is
 * on screen.
 */
export async function leaveWithoutPopup(page: Page, count: string | null) {
  await leaveThroughTop(page);
  expect(await page.evaluate(() => localStorage.getItem('exitPopupCount'))).toBe(count);
  await expect(popup(page)).toHaveCount(0);
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
