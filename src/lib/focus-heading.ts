/**
 * Moves a screen reader's and a keyboard's place to a new page or step: once `find` gives an
 * element (the page's code may still be loading), it becomes focusable, takes focus without the
 * browser scrolling, and the page scrolls as asked (`top`: to the page's top; `heading`: the
 * element just below the sticky header, by its scroll-margin). Gives up after `ms`; the returned
 * function cancels it (a newer navigation).
 */
export function focusHeading(find: () => HTMLElement | null, scroll: 'top' | 'heading', ms = 5000): () => void {
  let observer: MutationObserver | null = null;
  let timer = 0;
  const stop = () => {
    observer?.disconnect();
    observer = null;
    window.clearTimeout(timer);
  };
  const attempt = () => {
    const el = find();
    if (!el) return false;
    stop();
    // Someone typing, or a dialog that opened meanwhile, keeps the focus.
    const active = document.activeElement;
    const busy =
      active instanceof HTMLElement &&
      (active.closest('[role="dialog"], dialog') || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName));
    if (scroll === 'top') window.scrollTo(0, 0);
    else el.scrollIntoView({ block: 'start' });
    if (busy) return true;
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
    return true;
  };
  if (!attempt()) {
    observer = new MutationObserver(() => void attempt());
    observer.observe(document.body, { childList: true, subtree: true });
    timer = window.setTimeout(stop, ms);
  }
  return stop;
}

/** The page's own heading: the first h1 in the main region. */
export const pageHeading = () => document.querySelector<HTMLElement>('#main h1');

/**
 * After a failed submit, the first field marked invalid in `root` takes focus; the browser brings
 * it on screen, below the sticky header and above the bottom bar (the document's scroll padding
 * and the fields' scroll margin, in styles.css). Call it once the errors are rendered.
 */
export function focusFirstInvalid(root: ParentNode | null) {
  root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
