import { describe, expect, it } from 'vitest';
import { updateMustWaitOn } from './update-prompt.tsx';

describe('the update prompt', () => {
  it.each([
    '/cart',
    '/in/cart',
    '/checkout',
    '/in/checkout',
    '/checkout/paid',
    '/checkout/pay/WL-ABCDE-FGHJK',
    '/in/checkout/pay/WL-ABCDE-FGHJK',
  ])('never offers a new version on %s', (path) => expect(updateMustWaitOn(path)).toBe(true));
  it.each([
    '/',
    '/in',
    '/holidays',
    '/in/holidays/bali',
    '/cartography',
    '/checkouts',
    '/account',
    '/trips',
    '/in/trips/WL-ABCDE-FGHJK',
  ])('may offer it on %s', (path) => expect(updateMustWaitOn(path)).toBe(false));
});
