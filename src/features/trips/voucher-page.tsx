import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Voucher } from '../../../contract/documents.ts';
import { formatDay } from '../../../contract/format.ts';
import { lazyPart } from '../../app/lazy-part.tsx';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { SignedIn } from '../account/signed-in.tsx';
import { tripCalendar } from './ics.ts';
import { PdfActions, shareOrDownload } from './pdf-actions.tsx';
import { SavedCopy } from './saved-copy.tsx';
import { useTripCopy } from './use-wallet.ts';
import { lastVoucherCopy, voucherCopy } from './wallet.ts';
import './trips.css';

// A trip without vouchers says why from the documents contract: loaded only then (docs/decisions/0088).
const NoVouchers = lazyPart(() => import('./no-vouchers.tsx').then((m) => m.NoVouchers));

const KIND = { stay: 'Hotel', transfer: 'Transfers', sightseeing: 'Sightseeing' } as const;

/**
 * A booking reference as a QR code a desk can scan (our server's SVG, shown as an image). From a
 * blob: address made after the page is on screen: a data: address is loaded, and its SVG document
 * built, in the very task that puts the page on screen (tens of ms on a slow phone). Its room is
 * kept until then.
 */
export function ReferenceQr({ svg, reference }: { svg: string; reference: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [svg]);
  if (!src) return <span className="ref-qr" aria-hidden="true" />;
  return <img className="ref-qr" src={src} alt={`QR code of booking ${reference}`} width={176} height={176} />;
}

function VoucherCard({ v }: { v: Voucher }) {
  const telephone = v.supplier.phone.replace(/[^\d+]/g, '');
  return (
    <article className="voucher card" aria-labelledby={`v-${v.number}`}>
      <p className="voucher-kind">
        {KIND[v.kind]} · <span className="trip-ref">{v.number}</span>
      </p>
      <h2 id={`v-${v.number}`}>{v.title}</h2>
      <p className="voucher-when">
        {v.packageTitle}
        {v.place ? ` · ${v.place}` : ''}
        {v.stay ? ` (stay ${v.stay.index} of ${v.stay.of})` : ''} ·{' '}
        {v.startDate === v.endDate ? formatDay(v.startDate) : `${formatDay(v.startDate)} to ${formatDay(v.endDate)}`}
      </p>
      <div className="voucher-supplier">
        <strong>{v.supplier.name}</strong>
        {v.supplier.address.map((line) => (
          <span key={line}>{line}</span>
        ))}
        <a href={`tel:${telephone}`}>{v.supplier.phone}</a>
      </div>
      {v.details.length ? (
        <dl className="voucher-details">
          {v.details.map((d) => (
            <div key={d.label}>
              <dt>{d.label}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {v.included.length ? (
        <>
          <h3>Included</h3>
          <ul>
            {v.included.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </>
      ) : null}
      {v.payLocally?.length ? (
        <>
          <h3>Not included: paid locally</h3>
          <ul>
            {v.payLocally.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </>
      ) : null}
      {v.notes.length ? (
        <>
          <h3>Good to know</h3>
          <ul>
            {v.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}

function Vouchers({ userId, reference }: { userId: string; reference: string }) {
  const { href } = useSite();
  const { entry, error, refreshing } = useTripCopy(userId, reference, voucherCopy, lastVoucherCopy);
  if (entry === undefined) return <p aria-busy="true">Opening your vouchers…</p>;
  if (!entry) {
    return (
      <p className="notice notice-error" role="alert">
        {refreshing
          ? 'Fetching your vouchers…'
          : (error ?? 'These vouchers are not saved on this phone. Open them once online to keep them for the trip.')}
      </p>
    );
  }
  const set = entry.vouchers;
  if (!set) return <NoVouchers detail={entry.detail} reference={reference} />;
  const calendar = () =>
    shareOrDownload(
      new Blob([tripCalendar(set)], { type: 'text/calendar' }),
      `trip-${set.RefIdKey}.ics`,
      `Trip ${set.RefIdKey}`,
    );
  return (
    <>
      <SavedCopy entry={entry} refreshing={refreshing} />
      <header className="trip-head">
        <p className="trip-ref-label">Booking reference</p>
        <p className="trip-ref-big">{set.RefIdKey}</p>
        <ReferenceQr svg={set.qr.svg} reference={set.RefIdKey} />
        <p className="voucher-travellers">{set.travellers.map((t) => t.name).join(', ')}</p>
      </header>
      {set.paymentDue ? <p className="notice notice-error">{set.paymentDue.text}</p> : null}
      <PdfActions blob={entry.vouchersPdf} filename={set.pdf.filename} title={`Vouchers ${set.RefIdKey}`}>
        <button type="button" className="button" onClick={() => void calendar()}>
          Add to calendar
        </button>
      </PdfActions>
      {set.vouchers.map((v) => (
        <VoucherCard key={v.number} v={v} />
      ))}
      <p className="acc-hint">
        Help, day and night: {set.help.name},{' '}
        <a href={`tel:${set.help.phone.replace(/[^\d+]/g, '')}`}>{set.help.phone}</a>
      </p>
      <p>
        <Link to={href(`/trips/${reference}`)}>Back to the booking</Link>
      </p>
    </>
  );
}

/** A booking's vouchers, one per booked service, from the copy on the phone: they open with no signal. */
export default function VoucherPage() {
  const { ref = '' } = useParams();
  return (
    <section className="section trip-page">
      <Seo title={`Vouchers ${ref}`} description="Your travel vouchers." noindex />
      <h1>Vouchers</h1>
      <SignedIn>{(userId) => <Vouchers userId={userId} reference={ref} />}</SignedIn>
    </section>
  );
}
