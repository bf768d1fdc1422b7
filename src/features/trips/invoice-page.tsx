import { Link, useParams } from 'react-router-dom';
import { DOCUMENT_MESSAGES, indiaDeclarations } from '../../../contract/documents.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { SignedIn } from '../account/signed-in.tsx';
import { SubtotalRows } from '../checkout/price-summary.tsx';
import { PdfActions } from './pdf-actions.tsx';
import { SavedCopy } from './saved-copy.tsx';
import { useTripCopy } from './use-wallet.ts';
import { walletEntry } from './wallet-schema.ts';
import './trips.css';

function InvoiceView({ userId, reference }: { userId: string; reference: string }) {
  const { href } = useSite();
  const { entry, error, refreshing } = useTripCopy(userId, reference, walletEntry);
  if (entry === undefined) return <p aria-busy="true">Opening your invoice…</p>;
  if (!entry) {
    return (
      <p className="notice notice-error" role="alert">
        {refreshing
          ? 'Fetching your invoice…'
          : (error ?? 'This invoice is not saved on this phone. Open it once online to keep it for the trip.')}
      </p>
    );
  }
  const inv = entry.invoice;
  if (!inv) {
    return (
      <p className="notice" role="status">
        {entry.detail.Status === 'cancelled'
          ? DOCUMENT_MESSAGES.invoiceCancelled
          : DOCUMENT_MESSAGES.invoiceAwaitingPayment}{' '}
        <Link to={href(`/trips/${reference}`)}>See the booking</Link>
      </p>
    );
  }
  const m = (amount: number) => formatMinor(amount, inv.currency);
  // India (rule 46): no tax on reverse charge, and the seller's authorised signatory, as the PDF prints them.
  const india = indiaDeclarations(inv);
  const lineTaxName = inv.site === 'IN' ? 'GST' : 'VAT';
  return (
    <>
      <SavedCopy entry={entry} refreshing={refreshing} />
      <header className="invoice-head card">
        <p className="trip-ref-label">{inv.title}</p>
        {inv.invoiceNumber ? (
          <p className="invoice-number">{inv.invoiceNumber}</p>
        ) : (
          <p className="invoice-number">Not a tax invoice</p>
        )}
        <p>
          {formatDay(inv.invoiceDate)} · Booking <span className="trip-ref">{inv.RefIdKey}</span>
        </p>
        {india ? <p>{india.reverseCharge.text}</p> : null}
      </header>
      {inv.invoiceNumber ? null : (
        <p className="notice" role="note">
          This is a proforma invoice: the tax invoice, with its number, is issued when the balance is received in full.
        </p>
      )}
      <PdfActions
        blob={entry.invoicePdf}
        filename={inv.pdf.filename}
        title={inv.invoiceNumber ? `Invoice ${inv.invoiceNumber}` : `Proforma invoice ${inv.RefIdKey}`}
      />
      <div className="invoice-parties">
        <section aria-labelledby="seller-heading">
          <h2 id="seller-heading">From</h2>
          <p>
            <strong>{inv.seller.legalName}</strong>
            {inv.seller.address.map((l) => (
              <span key={l}>
                <br />
                {l}
              </span>
            ))}
            <br />
            {inv.seller.taxLabel} {inv.seller.taxNumber}
          </p>
        </section>
        <section aria-labelledby="buyer-heading">
          <h2 id="buyer-heading">To</h2>
          <p>
            <strong>{inv.buyer.name}</strong>
            {inv.buyer.email ? (
              <>
                <br />
                {inv.buyer.email}
              </>
            ) : null}
            {inv.buyer.phone ? (
              <>
                <br />
                {inv.buyer.phone}
              </>
            ) : null}
            {inv.buyer.address.map((l) => (
              <span key={l}>
                <br />
                {l}
              </span>
            ))}
            {inv.buyer.gstin ? (
              <>
                <br />
                GSTIN {inv.buyer.gstin}
              </>
            ) : null}
            {inv.buyer.trn ? (
              <>
                <br />
                TRN {inv.buyer.trn}
              </>
            ) : null}
            {inv.buyer.pan ? (
              <>
                <br />
                PAN {inv.buyer.pan}
              </>
            ) : null}
          </p>
          {inv.placeOfSupply ? (
            <p>
              <strong>Place of supply:</strong> {inv.placeOfSupply.state} ({inv.placeOfSupply.code})
            </p>
          ) : null}
        </section>
      </div>
      <div className="price-summary">
        <ul className="price-lines">
          {inv.lines.map((l) => (
            <li key={l.position}>
              <span>
                <strong>{l.title}</strong>
                <br />
                <small>{l.description}</small>
                {l.taxNote ? (
                  <small>
                    <br />
                    {l.taxNote}
                    {l.taxAmount === undefined ? null : ` · ${lineTaxName} ${m(l.taxAmount)}`}
                  </small>
                ) : null}
                {l.items.map((i) => (
                  <small key={i.ageBand}>
                    <br />
                    {i.quantity} × {i.label} at {m(i.unitPrice)}
                  </small>
                ))}
              </span>
              <span>{m(l.amount)}</span>
            </li>
          ))}
        </ul>
        <dl className="price-totals">
          <SubtotalRows subtotal={inv.subtotal} discount={inv.discount} couponCode={inv.coupon?.code} m={m} />
          <div>
            <dt>Amount before tax</dt>
            <dd>{m(inv.amountBeforeTax)}</dd>
          </div>
          {inv.taxes.map((t) => (
            <div key={t.code}>
              <dt>{t.label}</dt>
              <dd>{m(t.amount)}</dd>
            </div>
          ))}
          <div className="price-total">
            <dt>Total</dt>
            <dd>{m(inv.total)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{m(inv.amountPaid)}</dd>
          </div>
          <div>
            <dt>Due</dt>
            <dd>{m(inv.amountDue)}</dd>
          </div>
        </dl>
      </div>
      {inv.payTo ? (
        // The words asking for the transfer, then the account they point to ("below").
        <section className="trip-section" aria-labelledby="invoice-pay-heading">
          <h2 id="invoice-pay-heading">How to pay</h2>
          {inv.payTo.instruction ? <p>{inv.payTo.instruction}</p> : null}
          <dl className="bank-details">
            <dt>Account name</dt>
            <dd>{inv.payTo.bank.accountName}</dd>
            <dt>Bank</dt>
            <dd>{inv.payTo.bank.bankName}</dd>
            <dt>Account number</dt>
            <dd>{inv.payTo.bank.accountNumber}</dd>
            <dt>{inv.payTo.bank.codeLabel}</dt>
            <dd>{inv.payTo.bank.code}</dd>
            <dt>Reference</dt>
            <dd>{inv.payTo.reference}</dd>
          </dl>
        </section>
      ) : null}
      {inv.notes.map((n) => (
        <p key={n} className="acc-hint">
          {n}
        </p>
      ))}
      {india ? (
        <p>
          <strong>{india.signatory.for}</strong>
          <br />
          {india.signatory.label}
        </p>
      ) : null}
      <p>
        <Link to={href(`/trips/${reference}`)}>Back to the booking</Link>
      </p>
    </>
  );
}

/** A booking's tax invoice, from the copy on the phone. */
export default function InvoicePage() {
  const { ref = '' } = useParams();
  return (
    <section className="section trip-page">
      <Seo title={`Invoice for ${ref}`} description="Your invoice." noindex />
      <h1>Invoice</h1>
      <SignedIn>{(userId) => <InvoiceView userId={userId} reference={ref} />}</SignedIn>
    </section>
  );
}
