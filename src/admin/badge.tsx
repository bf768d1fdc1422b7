/*
 * A status as a badge (docs/decisions/0104): the word is the status, the colour only repeats it
 * (green done, amber waiting, red stopped or late, blue new, grey closed); the colours are in
 * admin-document.tsx, each pair at least 4.5:1.
 */

export type BadgeTone = 'good' | 'wait' | 'bad' | 'info' | 'plain';

const TONES: Record<string, BadgeTone> = {
  confirmed: 'good',
  paid: 'good',
  answered: 'good',
  approved: 'good',
  succeeded: 'good',
  won: 'good',
  'awaiting-payment': 'wait',
  unpaid: 'wait',
  'partly-paid': 'wait',
  pending: 'wait',
  requested: 'wait',
  'refund-due': 'wait',
  'partly-refunded': 'wait',
  'cancellation requested': 'wait',
  cancelled: 'bad',
  failed: 'bad',
  declined: 'bad',
  rejected: 'bad',
  overdue: 'bad',
  lost: 'bad',
  new: 'info',
  open: 'info',
  refunded: 'plain',
  closed: 'plain',
};

/** The tone a status word has on the desk; an unknown word is plain. */
export const toneOf = (status: string): BadgeTone => TONES[status.toLowerCase()] ?? 'plain';

/** One status: `<Badge status="partly-paid" />` reads "partly paid"; `label` words it otherwise. */
export function Badge({ status, label, tone }: { status: string; label?: string; tone?: BadgeTone }) {
  return (
    <span className="admin-badge" data-tone={tone ?? toneOf(status)}>
      {label ?? status.replace(/-/g, ' ')}
    </span>
  );
}
