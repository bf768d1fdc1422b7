import type { ReactNode } from 'react';

/*
 * The back office's one list table (docs/decisions/0109, amended 2026-11-29): a table on a wide screen
 * and a stack of cards under 600 px, each cell saying its column's name before its value, so status,
 * traveller, date and amount read without sideways scrolling on a phone (bookings, enquiries, the
 * catalogue, travellers, banners, coupons…). Its CSS is the desk's own (.admin-cards-table in
 * admin-document.tsx). A grid of figures is not a list: it stays a table (.admin-sticky-first).
 */

export interface CardColumn<T> {
  label: string;
  cell: (item: T) => ReactNode;
}

export function CardTable<T>({
  columns,
  items,
  label,
  caption,
  rowKey,
  rowTestId,
  rowHeader = false,
}: {
  columns: CardColumn<T>[];
  items: T[];
  label: string;
  caption: ReactNode;
  rowKey: (item: T, index: number) => string | number;
  rowTestId?: (item: T) => string;
  /** The first column names the row (a banner's title, a coupon's code): a row header for screen readers. */
  rowHeader?: boolean;
}) {
  return (
    <>
      <div className="admin-table-wrap admin-cards-table" tabIndex={0} role="region" aria-label={label}>
        <table className="admin-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={rowKey(item, index)} data-testid={rowTestId?.(item)}>
                {columns.map((c, i) =>
                  rowHeader && i === 0 ? (
                    <th key={c.label} scope="row" data-label={c.label}>
                      {c.cell(item)}
                    </th>
                  ) : (
                    <td key={c.label} data-label={c.label}>
                      {c.cell(item)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
