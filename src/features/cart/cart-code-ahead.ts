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
 * drops must still find its code.
 *
 * One `fetch()` per task: six in one task took 10–40 ms of main thread on the 2-core box, which
 * counts as blocking time. Not prefetch links: they cost nothing, but a browser may skip or defer
 * them (to save data, for one), and this fetch has to happen.
 */
export function fetchCartCodeAhead() {
  const next = (i: number) => {
    const href = files[i];
    if (href === undefined) return;
    void fetch(href, { priority: 'low' } as RequestInit).catch(() => undefined);
    setTimeout(() => next(i + 1), 0);
  };
  next(0);
}
