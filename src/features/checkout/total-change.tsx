import { useState } from 'react';
import type { BookingQuote } from '../../../contract/booking.ts';
import type { Site } from '../../../contract/site.ts';
import { formatMinor } from '../../../contract/format.ts';
import { linesSignature, savedFigures, whyTotalChanged } from '../cart/cart-figures.ts';

/**
 * The total never changes without a word (docs/decisions/0106): when checkout's total differs from
 * the total the cart showed for the same holidays, a line says from what to what, and why
 * ("Coupon DIWALI2026 removed", "TCS added: …"). Nothing is said when they agree.
 */
export function TotalChange({ site, quote }: { site: Site; quote: BookingQuote }) {
  // The cart's figures as they were when checkout opened: later cart visits do not move them.
  const [before] = useState(() => savedFigures(site, linesSignature(quote.lines))?.figures ?? null);
  if (!before) return null;
  const why = whyTotalChanged(before, quote);
  if (why.length === 0) return null;
  const m = (amount: number) => formatMinor(amount, quote.currency);
  return (
    <p className="notice total-change" role="status" data-testid="total-change">
      Your total changed from {m(before.total)} to {m(quote.total)}: {why.join('; ')}.
    </p>
  );
}
