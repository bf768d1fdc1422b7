import { describe, expect, it } from 'vitest';
import { updateMustWaitOn } from './update-prompt.tsx';

describe('the update prompt', () => {
  it.each(['/cart', '/in/cart', '/checkout', '/in/checkout', '/checkout/pay', '/in/checkout/pay', '/booking/42', '/in/booking'])('never offers a new version on %s', (path) =>
    expect(updateMustWaitOn(path)).toBe(true),
  );
  it.each(['/', '/in', '/holidays', '/in/holidays/bali', '/cartography', '/account', '/trips', '/in/trips'])('may offer it on %s', (path) =>
    expect(updateMustWaitOn(path)).toBe(false),
  );
});
