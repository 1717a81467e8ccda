import type { ReactNode } from 'react';
import './auth.css';

/**
 * The frame of the auth screens: a warm welcome panel (from tablet width) beside a card with the
 * screen's title, subtitle and form. On phones only the card shows.
 */
export function AuthScreen({
  title,
  subtitle,
  children,
  titleId = 'auth-title',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  titleId?: string;
}) {
  return (
    <div className="auth">
      <aside className="auth-aside" aria-label="Qué encontrás en Alcancía">
        <p className="auth-aside-kicker">Academia de educación financiera</p>
        <p className="auth-aside-title">Tu plata, tus decisiones.</p>
        <ul className="auth-aside-list">
          <li>Clases en video a tu ritmo</li>
          <li>Materiales y planillas para descargar</li>
          <li>Tu progreso y tu certificado</li>
        </ul>
      </aside>
      <section className="auth-card" aria-labelledby={titleId}>
        <h1 id={titleId} className="auth-title">
          {title}
        </h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}
