import type { Page } from '@playwright/test';

/*
 * The browser tests wait for events, never for a fixed time (issue 32): a response, a DOM marker
 * the app sets (`html[data-interactive]`, `html[data-live]`), a row in IndexedDB, a whole sync
 * round (cart-helpers' syncRound), the page's own clock moved on (`page.clock`). Even "this does
 * not happen" is shown by an event after which it would have happened (enquiry-helpers'
 * leaveWithoutPopup, cancellation-request's sync round after a reload).
 *
 * The one kind of timed wait left is pacing: a fault or fuzz test's deliberate rhythm (a person's
 * pauses between actions), which is the point of the test, not a stand-in for an event. It goes
 * through `pacing`, which says so and why, so that a bare `waitForTimeout` stays a mistake.
 */

/**
 * Waits `ms` as deliberate pacing in a fault or fuzz test (a traveller's rhythm between actions),
 * not as a stand-in for an event. `why` says what the rhythm is for.
 */
export async function pacing(page: Page, ms: number, why: string): Promise<void> {
  if (!why.trim()) throw new Error('pacing: say what the rhythm is for');
  await page.waitForTimeout(ms);
}
