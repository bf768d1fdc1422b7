/*
 * The cart's database and sync code as the add-to-cart form loads it: one module, so the server
 * can name its files from the build manifest (PageAssets.cartCode) for a page to fetch ahead.
 * removeFromCart adds no weight (cart-ops is here already): the sync-under-faults browser test
 * drives the app's own operations through this module (tests/e2e/sync-under-faults.spec.ts).
 */
export { addToCart, removeFromCart } from './cart-ops.ts';
export { shopDb } from '../../lib/db.ts';
export { registerBackgroundSync, requestSync } from './sync-runner.ts';
