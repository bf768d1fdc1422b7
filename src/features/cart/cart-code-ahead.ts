/*
 * The files of the cart's database and sync code (src/features/cart/cart-code.ts), as the server
 * read them from the build manifest (PageAssets.cartCode).
 */

let files: readonly string[] = [];

export function setCartCodeFiles(list: readonly string[]) {
  files = list;
}

/**
 * Fetches the cart's code ahead without compiling or running it: the files are hashed and cached
 * for a year, so the browser's HTTP cache then answers a later `import()`, network or not. For a
 * page the service worker does not control yet (a first visit): an add made after the network
 * drops must still find its code. Prefetch links, not `fetch()`: the browser fetches them at its
 * lowest priority, and six `fetch()` calls took 10–40 ms of main thread on the 2-core box.
 */
export function fetchCartCodeAhead() {
  for (const href of files) {
    if (document.head.querySelector(`link[rel="prefetch"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.appendChild(link);
  }
}
