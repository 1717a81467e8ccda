import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The frame both card checkouts share (program and subscription): the way back, the title, an
 * optional notice, then the grid — the price first (on a phone it comes before the card form,
 * issue 30; on a desktop it sits on the right), the payment, the promo box and help — and the
 * dialogs after it.
 */
export function CheckoutLayout({
  back,
  title,
  notice,
  summary,
  main,
  aside,
  children,
}: {
  back: { to: string; state?: unknown; label: string; onClick(): void };
  title: string;
  notice?: ReactNode;
  summary: ReactNode;
  main: ReactNode;
  aside: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <p className="checkout-back">
        <Link to={back.to} state={back.state} onClick={back.onClick}>
          <span aria-hidden="true">← </span>
          {back.label}
        </Link>
      </p>
      <h1 id="checkout-title" className="checkout-title">
        {title}
      </h1>
      {notice}
      <div className="checkout-grid">
        <div className="checkout-summary">{summary}</div>
        {main}
        <div className="checkout-aside">{aside}</div>
      </div>
      {children}
    </section>
  );
}

/** The card form's card: "Pagá con tarjeta" and the form. */
export function CardCheckoutSection({ children }: { children: ReactNode }) {
  return (
    <section className="checkout-card checkout-main" aria-labelledby="card-form-title">
      <h2 id="card-form-title" className="checkout-card-title">
        Pagá con tarjeta
      </h2>
      {children}
    </section>
  );
}
