import type { ReactNode } from 'react';

/*
 * A list of the desk that is a table on a wide screen and a stack of cards under 600 px: each cell
 * says its column's name before its value, so status, traveller, date and amount read without
 * sideways scrolling on a phone (the travellers list, a traveller's page, the documents register).
 */

export interface CardColumn<T> {
  label: string;
  cell: (item: T) => ReactNode;
}

const CSS = `
@media (max-width: 599.98px) {
  .admin-cards-table { border: 0; background: none; }
  .admin-cards-table table, .admin-cards-table tbody, .admin-cards-table tr, .admin-cards-table td, .admin-cards-table caption { display: block; width: 100%; box-sizing: border-box; }
  .admin-cards-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .admin-cards-table caption { padding: 0 0 .5rem; }
  .admin-cards-table tr { background: #fff; border: 1px solid #d1d5db; border-radius: 8px; margin: 0 0 .75rem; padding: .5rem .75rem; }
  .admin-cards-table td { border: 0; padding: .25rem 0; overflow-wrap: anywhere; }
  .admin-cards-table td::before { content: attr(data-label); display: block; font-size: .8rem; font-weight: 700; color: #374151; }
}`;

export function CardTable<T>({ columns, items, label, caption, rowKey, rowTestId }: { columns: CardColumn<T>[]; items: T[]; label: string; caption: ReactNode; rowKey: (item: T) => string | number; rowTestId?: (item: T) => string }) {
  return (
    <>
      <style href="admin-cards-table" precedence="default">
        {CSS}
      </style>
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
            {items.map((item) => (
              <tr key={rowKey(item)} data-testid={rowTestId?.(item)}>
                {columns.map((c) => (
                  <td key={c.label} data-label={c.label}>
                    {c.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
