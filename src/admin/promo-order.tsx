import { Link } from 'react-router-dom';

/** A datetime-local value (the browser's time zone) from an ISO time, and back; empty: none. */
export const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const fromLocal = (v: FormDataEntryValue | null) =>
  v === null || String(v) === '' ? null : new Date(String(v)).toISOString();
export const shown = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** The ids with one moved up (-1) or down (+1). */
export function moved(ids: number[], id: number, by: -1 | 1): number[] {
  const i = ids.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ids.length) return ids;
  const next = [...ids];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** Move up / down buttons of one row. */
export function MoveButtons({
  label,
  first,
  last,
  onMove,
}: {
  label: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <>
      <button type="button" disabled={first} onClick={() => onMove(-1)} aria-label={`Move ${label} up`}>
        ↑
      </button>{' '}
      <button type="button" disabled={last} onClick={() => onMove(1)} aria-label={`Move ${label} down`}>
        ↓
      </button>
    </>
  );
}

export function PromoTabs() {
  return (
    <p>
      <Link to="/admin/deals">Deals</Link> · <Link to="/admin/banners">Banners</Link>
    </p>
  );
}
