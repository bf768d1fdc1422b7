import { expect, test, type Page } from '@playwright/test';
import { gotoInteractive } from './page-helpers.ts';

/*
 * A server-rendered page carries only the stylesheet's rules its HTML can use (server/lib/page-css.ts);
 * the whole stylesheet is linked when the app starts. Decision 0075.
 */

/**
 * Every element's computed style (and its ::before and ::after), in document order, kept in the
 * page under `key`; with `against`, the elements whose style differs from the one kept there.
 */
async function computedStyles(page: Page, key: string, against?: string): Promise<{ count: number; differ: string[] }> {
  return page.evaluate(
    ([key, against]) => {
      const describe = (el: Element, pseudo?: string) => {
        const style = getComputedStyle(el, pseudo);
        let props = '';
        for (let i = 0; i < style.length; i++) props += `${style[i]}:${style.getPropertyValue(style[i]!)};`;
        return props;
      };
      const styles: string[] = [];
      const names: string[] = [];
      for (const el of document.querySelectorAll('body *')) {
        const name = `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`;
        names.push(name);
        styles.push(describe(el));
        // A ::before or ::after without content is not drawn: its content alone is compared.
        for (const pseudo of ['::before', '::after']) {
          const content = getComputedStyle(el, pseudo).content;
          names.push(name + pseudo);
          styles.push(content === 'none' || content === 'normal' ? content : describe(el, pseudo));
        }
      }
      const kept = window as unknown as Record<string, string[]>;
      kept[key] = styles;
      const other = against ? kept[against]! : styles;
      return { count: styles.length, differ: names.filter((_, i) => styles[i] !== other[i]) };
    },
    [key, against] as const,
  );
}

async function packagePath(request: import('@playwright/test').APIRequestContext) {
  const featured = await (
    await request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1', { headers: { Country: 'UAE' } })
  ).json();
  return `/holidays/${featured.data.packages[0].slug}`;
}

for (const path of [
  '/',
  '/holidays',
  'package',
  '/search?q=beach',
  '/search?q=zzzqqq',
  '/deals',
  '/contact',
  '/login',
  '/offline-shell',
]) {
  test(`${path} looks the same with its own rules as with the whole stylesheet`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const url = path === 'package' ? await packagePath(request) : path;
    const html = await (await request.get(url)).text();
    const whole = /"(\/assets\/style-[^"]+\.css)"/.exec(html)?.[1];
    expect(whole, 'the page names the whole stylesheet for later').toBeTruthy();
    const own = /<style id="shop-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const full = await (await request.get(whole!)).text();
    // The page's rules are fewer than the whole (or this test would prove nothing).
    expect(own.length).toBeLessThan(full.length * 0.6);

    // The app never starts and the whole stylesheet never comes: the page as the server sent it.
    await page.route(/\/assets\/(entry-client-[^/]+\.js|style-[^/]+\.css)$/, (route) => route.abort());
    await page.goto(url);
    // React reveals the sections the server streamed after the shell (out-of-order Suspense
    // boundaries, `<!--$?-->` until then) in a batch a moment after they arrive: compare after it has.
    await page.waitForFunction(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if ((n as Comment).data === '$?') return false;
      return !document.querySelector('div[hidden][id^="S:"]');
    });
    const before = await computedStyles(page, 'own');
    await page.evaluate(
      (css) =>
        new Promise<void>((resolve) => {
          const style = document.createElement('style');
          style.textContent = css;
          document.head.appendChild(style);
          requestAnimationFrame(() => resolve());
        }),
      full,
    );
    const after = await computedStyles(page, 'whole', 'own');
    expect(after.count).toBe(before.count);
    expect(after.differ, 'elements styled differently by the whole stylesheet').toEqual([]);
  });
}

test('the whole stylesheet is linked when the app starts: a page the server did not render is styled too', async ({
  page,
}) => {
  const html = await (await page.request.get('/')).text();
  // The head names no stylesheet and no module for the preload scanner: the first round trips are the page's and the
  // hero's.
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).not.toMatch(/rel="(stylesheet|modulepreload)"/);
  // The home page's own rules have none of the contact form's.
  expect(/<style id="shop-css">([\s\S]*?)<\/style>/.exec(html)?.[1]).not.toContain('.enq-field');
  await gotoInteractive(page, '/');
  expect(
    await page.evaluate(() => [...document.styleSheets].filter((s) => s.href?.includes('/assets/style-')).length),
  ).toBe(1);
  // Navigated in the app, the contact page's form is styled from the whole stylesheet.
  await page.getByRole('link', { name: 'Contact us' }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator('.enq-field').first()).toHaveCSS('display', 'grid');
});
