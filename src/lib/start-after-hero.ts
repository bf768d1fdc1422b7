/*
 * The built app's entry starts once the page's hero image has painted, not as soon as the HTML
 * names it. The page is whole without it (server-rendered: text, prices, links and forms all work),
 * so on a slow phone network the hero's bytes and the first paint come before the app's 105 KB.
 * Decision 0013 has the measurements.
 *
 * `startAfterHero` runs in the page as an inline script (with the page's nonce), written out with
 * `Function.prototype.toString`: it must not use anything from outside its own body.
 */
export function startAfterHero(src: string, hero: string, latestMs: number): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.appendChild(script);
  };
  // A frame after the image is in, it has painted (the hero decodes synchronously).
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  const img = document.querySelector<HTMLImageElement>(hero);
  // A hidden tab paints no frames; it has nothing to wait for.
  if (document.visibilityState === 'hidden') start();
  else if (!img || img.complete) afterNextFrame();
  else {
    img.addEventListener('load', afterNextFrame);
    img.addEventListener('error', start);
  }
  // A hero that never settles (a stalled network) must not hold the app back.
  setTimeout(start, latestMs);
}

/** The page's hero: the one image the server render marks as high priority. */
export const HERO_SELECTOR = 'img[fetchpriority="high"]';

/** The inline script that starts `src` after the hero has painted, at the latest after 3 s. */
export function startAfterHeroScript(src: string): string {
  const args = [src, HERO_SELECTOR, 3000].map((a) => JSON.stringify(a)).join(',');
  return `(${startAfterHero.toString()})(${args});`;
}
