/** The window event a cart tap is announced with (src/features/cart/cart-events.ts). */
export const CART_DELTA_EVENT = 'shop:cart-delta';
