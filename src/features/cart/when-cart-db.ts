import { shopDbExists } from '../../lib/shop-db-exists.ts';
import { onWake } from '../../lib/wake-events.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { onCartDelta } from './cart-events.ts';

/**
 * Runs `start` once the page has loaded and is idle, if the device has the shop's database (cart
 * lines, the outbox, temporary bookings). A device that never used the cart has none, and then
 * the database code is not loaded at all: `start` waits for a tap on the cart (whose write creates
 * the database), the network coming back, or the tab regaining focus (another tab may have
 * created it). Returns a cancel function; `start` runs at most once.
 */
export function whenCartDbInUse(start: () => void): () => void {
  let done = false;
  let stopLooking: (() => void) | null = null;
  const run = () => {
    if (done) return;
    done = true;
    stopLooking?.();
    start();
  };
  const look = () => void shopDbExists().then((exists) => exists && run());
  void (async () => {
    await whenIdle();
    if (done) return;
    if (await shopDbExists()) return run();
    if (done) return;
    const stopDelta = onCartDelta(run);
    const stopWaking = onWake(look);
    stopLooking = () => {
      stopDelta();
      stopWaking();
    };
  })();
  return () => {
    done = true;
    stopLooking?.();
  };
}
