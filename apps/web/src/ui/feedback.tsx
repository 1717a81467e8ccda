import type { ReactNode } from 'react';

/*
 * Banner lives here, beside Spinner: the entry chunk carries this module already (the shell's
 * spinner), so a page's message costs it no chunk of its own (ui/banner.tsx re-exports it).
 */

export type BannerTone = 'info' | 'success' | 'warning' | 'danger';

const toneClass: Record<BannerTone, string> = {
  info: 'alert-info',
  success: 'alert-success',
  warning: 'alert-warning',
  danger: 'alert-error',
};

interface BannerProps {
  tone: BannerTone;
  children: ReactNode;
  title?: string;
  /** one action next to the text (a button or a link) */
  action?: ReactNode;
  /**
   * `alert` interrupts the screen reader (an error that just happened), `status` waits, `none`
   * for a banner that is part of the page from the start. Defaults: danger → alert, else status.
   */
  live?: 'alert' | 'status' | 'none';
}

/**
 * A message across the content: the result of an action, or a state she should know about (the
 * older `Alert` folded in: its `error` is the `danger` tone).
 */
export function Banner({ tone, children, title, action, live }: BannerProps) {
  const role = live ?? (tone === 'danger' ? 'alert' : 'status');
  return (
    <div className={`alert ${toneClass[tone]}`} role={role === 'none' ? undefined : role}>
      {title && <p className="alert-title">{title}</p>}
      <div>{children}</div>
      {action && <div className="alert-action">{action}</div>}
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
