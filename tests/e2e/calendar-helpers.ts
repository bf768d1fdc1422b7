import { expect, type Locator, type Page } from '@playwright/test';

/** The package page's price calendar (src/features/catalogue/price-calendar.tsx). */
export const priceCalendar = (page: Page) => page.getByRole('group', { name: 'Departures' });

/** A date's button in the calendar: turned back to its first month, then forward until the date's month is shown. */
export async function calendarDate(calendar: Locator, date: string) {
  await expect(calendar.getByRole('table')).toBeVisible();
  const button = calendar.locator(`button[data-date="${date}"]`);
  const previous = calendar.getByRole('button', { name: 'Previous month' });
  const next = calendar.getByRole('button', { name: 'Next month' });
  while ((await button.count()) === 0 && (await previous.isEnabled())) await previous.click();
  while ((await button.count()) === 0 && (await next.isEnabled())) await next.click();
  return button;
}
