import type { ReactNode } from 'react';

/*
 * A list of the desk that is a table on a wide screen and a stack of cards under 600 px: each cell
 * says its column's name before its value, so status, traveller, date and amount read without
 * sideways scrolling on a phone (the travellers list, a traveller's page, the documents register).
 * Its CSS is the desk's own (.admin-cards-table in admin-document.tsx), shared with DataTable.
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
}: {
  columns: CardColumn<T>[];
  items: T[];
  label: string;
  caption: ReactNode;
  rowKey: (item: T, index: number) => string | number;
  rowTestId?: (item: T) => string;
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
