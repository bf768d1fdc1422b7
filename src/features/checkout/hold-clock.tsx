import { useNow } from '../../lib/use-now.ts';

/** How long the hold keeps prices and rooms; once it ends, the traveller can hold again. */
export function HoldClock({ until, onHoldAgain, busy }: { until: string; onHoldAgain(): void; busy: boolean }) {
  const now = useNow(1000);
  const left = Date.parse(until) - now;
  if (left <= 0) {
    return (
      <div className="notice hold-notice" role="status">
        <p>Your hold has ended: prices and rooms are no longer kept for you.</p>
        <button type="button" className="button" disabled={busy} onClick={onHoldAgain}>
          {busy ? 'Holding…' : 'Hold again'}
        </button>
      </div>
    );
  }
  const mm = Math.floor(left / 60_000);
  const ss = String(Math.floor((left % 60_000) / 1000)).padStart(2, '0');
  return (
    <p className="notice hold-notice">
      Prices and rooms are held for you for{' '}
      <strong>
        <span className="visually-hidden">minutes and seconds: </span>
        {mm}:{ss}
      </strong>
      .
    </p>
  );
}
