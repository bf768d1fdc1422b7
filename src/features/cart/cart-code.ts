/*
 * The cart's database and sync code as the add-to-cart form loads it: one module, so the server
 * can name its files from the build manifest (PageAssets.cartCode) for a page to fetch ahead.
 */
export { addToCart } from './cart-ops.ts';
export { shopDb } from '../../lib/db.ts';
export { registerBackgroundSync, requestSync } from './sync-runner.ts';
