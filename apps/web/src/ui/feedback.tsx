import type { ReactNode } from 'react';

/** A message block. `error` is announced at once (role=alert), the others politely. */
export function Alert({
  tone,
  children,
  title,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  title?: string;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className="alert-title">{title}</p>}
      <div>{children}</div>
    </div>
  );
}

/** A spinner with a spoken label. */
export function Spinner({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
