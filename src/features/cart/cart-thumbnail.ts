/** The one size of a cart line's picture (the cart shows it at 96–120 px wide). */
export const CART_THUMB_WIDTH = 480;
export const cartThumbUrl = (image: string) => `${image}-${CART_THUMB_WIDTH}.webp`;

/**
 * Loads a new cart line's picture as an image now, while online: the service worker's image cache
 * keeps it (service-worker/runtime-caching.ts), so the cart opened offline shows it. Offline the
 * load fails quietly and the line shows its placeholder (cart.css).
 */
export function keepThumbnailForOffline(image: string): void {
  if (typeof Image === 'undefined') return;
  const img = new Image();
  img.decoding = 'async';
  img.src = cartThumbUrl(image);
}
