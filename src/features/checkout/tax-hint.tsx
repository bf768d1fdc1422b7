import type { PriceBreakdown } from '../../../contract/booking.ts';
import { formatMinor } from '../../../contract/format.ts';
import { getTaxRules } from '../../../contract/tax-calls.ts';
import { taxHint, type SiteTaxRules, type VatTreatment } from '../../../contract/tax.ts';
import { useSite } from '../../app/site-context.tsx';
import { useCall } from '../../lib/use-call.ts';

/*
 * No late surprises (decision 0043): the taxes a price will carry are shown beside it on the package
 * page, in the cart and at every checkout step, so the total never jumps at review.
 */

/** The taxes a price on this site carries today (GST and the TCS rule in force; UAE VAT). */
export function useTaxRules(initial?: SiteTaxRules) {
  return useCall(getTaxRules, {}, initial ? { fallbackData: initial } : undefined).data ?? initial;
}

/** `+ GST 5% + TCS 2%` / `incl. VAT 5%` / `zero-rated: no VAT`, beside a price. */
export function TaxHint({
  overseas,
  vatTreatment,
  rules,
}: {
  overseas?: boolean;
  vatTreatment?: VatTreatment;
  rules?: SiteTaxRules | null;
}) {
  const { site } = useSite();
  return (
    <span className="price-tax">
      {taxHint(site, { overseas: overseas ?? false, vatTreatment: vatTreatment ?? 'standard' }, rules)}
    </span>
  );
}

/** The same from a priced hold's tax lines. */
export function quoteTaxText(quote: Pick<PriceBreakdown, 'taxes'>): string {
  const parts: string[] = [];
  const gst = quote.taxes
    .filter((t) => t.code === 'GST' || t.code === 'CGST' || t.code === 'SGST' || t.code === 'IGST')
    .reduce((sum, t) => sum + t.rate, 0);
  if (gst) parts.push(`+ GST ${gst}%`);
  const tcs = quote.taxes.find((t) => t.code === 'TCS');
  if (tcs)
    parts.push(
      `+ TCS ${tcs.parts && tcs.parts.length > 1 ? tcs.parts.map((p) => `${p.rate}%`).join('/') : `${tcs.rate}%`}`,
    );
  const vat = quote.taxes.find((t) => t.code === 'VAT');
  if (vat) parts.push(vat.rate > 0 ? `incl. VAT ${vat.rate}%` : 'zero-rated: no VAT');
  return parts.join(' ');
}

/** One line above every checkout step: what is paid, and the taxes in it. */
export function CheckoutTotal({
  quote,
}: {
  quote: (PriceBreakdown & { subtotal: number; discount: number }) | undefined;
}) {
  if (!quote) return null;
  const m = (amount: number) => formatMinor(amount, quote.currency);
  return (
    <p className="checkout-total card" data-testid="checkout-total">
      Total to pay <strong>{m(quote.total)}</strong>{' '}
      <span className="price-tax">
        ({m(quote.subtotal - quote.discount)} {quoteTaxText(quote)})
      </span>
    </p>
  );
}
