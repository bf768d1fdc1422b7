/*
 * The built app's entry starts once the page's hero image and its first contentful paint are
 * on the screen, not as soon as the HTML names it. The page is whole without it (server-rendered: text, prices, links
 * and forms all work),
 * so on a slow phone network the hero's bytes and the first paint come before the app's 105 KB.
 * Decision 0013 has the measurements. The chunks the entry imports are preloaded at the same
 * moment, not from the head (decision 0075).
 *
 * `startAfterHero` runs in the page as an inline script (with the page's nonce), written out with
 * `Function.prototype.toString`: it must not use anything from outside its own body.
 */
export function startAfterHero(src: string, preload: string[], css: string[], hero: string, latestMs: number): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const add = (props: Partial<HTMLLinkElement & HTMLScriptElement>, tag = 'link') =>
      document.head.appendChild(Object.assign(document.createElement(tag), props));
    // The page carries only the rules its own HTML uses (server/lib/page-css.ts); the app may
    // render anything, so the whole stylesheet is in before the app's code runs.
    let waiting = css.length;
    let ran = false;
    const run = (now?: boolean) => {
      if (ran || (--waiting > 0 && !now)) return;
      ran = true;
      add({ type: 'module', src }, 'script');
    };
    for (const href of css) {
      const link = add({ rel: 'stylesheet', href });
      link.addEventListener('load', () => run());
      link.addEventListener('error', () => run());
    }
    // The entry and its imports are fetched at once, not from the head: fetched from the head
    // they would share the first round trips with the page and its hero (decision 0075).
    for (const href of css.length ? [src, ...preload] : preload) add({ rel: 'modulepreload', href });
    if (!css.length) run();
    // A stylesheet that never settles must not hold the app back either.
    else setTimeout(() => run(true), latestMs);
  };
  // A hidden tab paints no frames; it has nothing to wait for.
  if (document.visibilityState === 'hidden') start();
  else {
    // Both the hero and the page's first contentful paint must be in; a frame later, the hero
    // has painted too (it decodes synchronously). On a busy phone the hero can load before the
    // text has painted: starting then would put the app's bytes before the first paint.
    let heroIn = false;
    let painted = false;
    const whenBoth = () => {
      if (heroIn && painted) requestAnimationFrame(() => setTimeout(start, 0));
    };
    const img = document.querySelector<HTMLImageElement>(hero);
    if (!img || img.complete) heroIn = true;
    else {
      img.addEventListener('load', () => {
        heroIn = true;
        whenBoth();
      });
      img.addEventListener('error', start);
    }
    // A browser without paint timing waits for the hero alone.
    if (typeof PerformanceObserver !== 'function' || !(PerformanceObserver.supportedEntryTypes ?? []).includes('paint'))
      painted = true;
    else {
      new PerformanceObserver((list, observer) => {
        if (painted || list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        painted = true;
        whenBoth();
      }).observe({ type: 'paint', buffered: true });
    }
    whenBoth();
  }
  // A hero that never settles (a stalled network) must not hold the app back.
  setTimeout(start, latestMs);
}

/** The page's hero: the one image the server render marks as high priority. */
export const HERO_SELECTOR = 'img[fetchpriority="high"]';

/**
 * The inline script that starts `src` (and fetches its imports, `preload`) after the hero has
 * painted, at the latest after 3 s; with `css`, it links those stylesheets then and runs `src` once
 * they are in.
 */
export function startAfterHeroScript(src: string, preload: string[] = [], css: string[] = []): string {
  const args = [src, preload, css, HERO_SELECTOR, 3000].map((a) => JSON.stringify(a)).join(',');
  return `(${startAfterHero.toString()})(${args});`;
}
