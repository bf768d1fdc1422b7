/*
 * The files of the cart's database and sync code (src/features/cart/cart-code.ts), as the server
 * read them from the build manifest (PageAssets.cartCode).
 */

let files: readonly string[] = [];

export function setCartCodeFiles(list: readonly string[]) {
  files = list;
}

/**
 * Fetches the cart's code ahead without running it: `modulepreload` puts each file in the page's
 * module map, so a later `import()` needs no network. For a page the service worker does not
 * control yet (a first visit): an add made after the network drops must still find its code.
 */
export function fetchCartCodeAhead() {
  const present = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href, location.href).pathname));
  for (const href of files) {
    if (present.has(href)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
