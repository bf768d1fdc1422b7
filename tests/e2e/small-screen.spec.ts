import { expect, test } from '@playwright/test';
import { addToCart } from './cart-helpers.ts';
import { createAccount, logIn } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * What a traveller met on a 390 px phone (issue 34): the hero search's hint cut off, legends that
 * wrap sitting across their card's border, and a cart picture that could not load drawn as a
 * broken image.
 */

// No service worker: the test's network, not the worker's caches, decides what a picture load gets.
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

for (const home of ['/', '/in']) {
  test(`${home}: the hero search's hint fits its box at 390 px`, async ({ page }) => {
    await page.goto(home);
    const input = page.getByRole('combobox', { name: 'Where would you like to go?' });
    await expect(input).toBeVisible();
    const room = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const box = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { hint: el.placeholder, text: Math.ceil(ctx.measureText(el.placeholder).width), box };
    });
    expect(room.hint.length).toBeGreaterThan(0);
    expect(room.text, `"${room.hint}" is ${room.text} px in a ${room.box} px box`).toBeLessThanOrEqual(room.box);
  });
}

test('a cart picture that cannot load is the drawn placeholder, never a broken image', async ({ page }) => {
  await gotoInteractive(page, '/holidays/goa-beach-break-3-nights');
  await addToCart(page);
  // The picture cannot be had (offline and never kept): the browser's image load fails.
  await page.route(/-480\.webp$/, (route) => route.abort('internetdisconnected'));
  await gotoInteractive(page, '/cart');
  const line = page.getByRole('listitem', { name: /Goa Beach Break/ });
  await expect(line).toBeVisible();
  await expect(line.locator('.cart-line-image')).toHaveCount(1);
  await expect(line.locator('img.cart-line-image')).toHaveCount(0);
  const drawn = line.locator('.cart-line-image-drawn');
  await expect(drawn).toBeVisible();
  expect(await drawn.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('data:image/svg+xml');
  expect(await drawn.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])).toEqual([
    96, 64,
  ]);
});

test('legends that wrap sit inside their card’s border on the travellers step at 390 px', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `legend-${Date.now()}@example.com`;
  await createAccount(request, email);
  await logIn(page, email);
  await gotoInteractive(page, '/holidays/abu-dhabi-yas-island-family-4-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await expect(page.getByText(/Prices and rooms are held for you for/)).toBeVisible({ timeout: 15_000 });
  const legends = page.locator('.checkout-fieldset > legend');
  await expect(legends.first()).toBeVisible();
  const boxes = await legends.evaluateAll((els) =>
    els.map((legend) => {
      const card = legend.parentElement!;
      const l = legend.getBoundingClientRect();
      const c = card.getBoundingClientRect();
      const border = parseFloat(getComputedStyle(card).borderTopWidth);
      const lineHeight = parseFloat(getComputedStyle(legend).lineHeight) || 20;
      return {
        text: legend.textContent,
        lines: Math.round(l.height / lineHeight),
        inside:
          l.top >= c.top + border && l.bottom <= c.bottom && l.left >= c.left + border && l.right <= c.right - border,
      };
    }),
  );
  // The lead traveller's legend is two lines at this width: the case that crossed the border.
  expect(boxes.some((b) => b.lines >= 2)).toBe(true);
  for (const b of boxes) expect(b.inside, `${b.text}`).toBe(true);
});
