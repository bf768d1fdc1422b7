import { Link } from 'react-router-dom';
import { DOCUMENT_MESSAGES } from '../../../contract/documents.ts';
import { useSite } from '../../app/site-context.tsx';
import { hasVouchers } from './has-vouchers.ts';
import type { WalletEntry } from './wallet.ts';

/**
 * Why a saved trip has no vouchers (cancelled, awaiting payment, or the balance still due). Its own
 * chunk: the messages live in the documents contract, whose schemas the voucher page itself does
 * not load (docs/decisions/0088).
 */
export function NoVouchers({ detail, reference }: { detail: WalletEntry['detail']; reference: string }) {
  const { href } = useSite();
  return (
    <p className="notice" role="status">
      {detail.Status === 'cancelled'
        ? DOCUMENT_MESSAGES.vouchersCancelled
        : detail.Status === 'confirmed' && !hasVouchers(detail)
          ? DOCUMENT_MESSAGES.vouchersAfterBalance
          : DOCUMENT_MESSAGES.vouchersAwaitingPayment}{' '}
      <Link to={href(`/trips/${reference}`)}>See the booking</Link>
    </p>
  );
}
