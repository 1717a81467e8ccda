import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * A column head: its text (an empty one is the actions column, named for screen readers only), or
 * `{ label, number: true }` for a column of figures (aligned right like them).
 */
export type AdminColumn = string | { label: string; number: true };

/**
 * The back office's table: a caption read by screen readers, the column heads and the rows. On a
 * phone (admin.css, under 40rem) each row becomes a card and each cell shows its column's name
 * above its value: the cells are labelled here (`data-label`) from the column heads, also for rows
 * drawn later by their own components, so every page gets the cards without writing them.
 */
export function AdminTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: AdminColumn[];
  children: ReactNode;
}) {
  const tableRef = useRef<HTMLTableElement>(null);
  const labels = columns.map((column) => (typeof column === 'string' ? column : column.label));
  const labelKey = labels.join('\u0000');
  useLayoutEffect(() => {
    const body = tableRef.current?.tBodies[0];
    if (!body) return;
    const names = labelKey.split('\u0000');
    const label = () => {
      for (const row of Array.from(body.rows)) {
        let column = 0;
        for (const cell of Array.from(row.cells)) {
          const name = names[column] ?? '';
          if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
          column += cell.colSpan;
        }
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [labelKey]);
  return (
    <table className="admin-table" ref={tableRef}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => {
            const label = typeof column === 'string' ? column : column.label;
            return (
              <th
                key={label || index}
                scope="col"
                className={typeof column === 'string' ? undefined : 'admin-number'}
              >
                {label || <span className="visually-hidden">Acciones</span>}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A panel with its title over a table of rows (the children), or the `empty` line when there are
 * none. The table's caption is the title unless told.
 */
export function TablePanel({
  title,
  caption = title,
  columns,
  empty,
  children,
}: {
  title: string;
  caption?: string;
  columns: AdminColumn[];
  empty?: string;
  children: ReactNode[];
}) {
  return (
    <div className="admin-panel">
      <h2>{title}</h2>
      {children.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <AdminTable caption={caption} columns={columns}>
          {children}
        </AdminTable>
      )}
    </div>
  );
}
