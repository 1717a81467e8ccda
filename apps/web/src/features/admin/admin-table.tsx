import type { ReactNode } from 'react';

/**
 * A column head: its text (an empty one is the actions column, named for screen readers only), or
 * `{ label, number: true }` for a column of figures (aligned right like them).
 */
export type AdminColumn = string | { label: string; number: true };

/** The back office's table: a caption read by screen readers, the column heads and the rows. */
export function AdminTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: AdminColumn[];
  children: ReactNode;
}) {
  return (
    <table className="admin-table">
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
