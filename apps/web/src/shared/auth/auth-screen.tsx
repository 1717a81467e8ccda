import type { ReactNode } from 'react';
import './auth.css';

/** A piggy bank ("alcancía") with a coin on its way in: decoration only. */
function PiggyBank() {
  return (
    <svg className="auth-aside-art" viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <circle cx="84" cy="16" r="13" fill="#ffbf47" />
      <circle cx="84" cy="16" r="8" fill="none" stroke="#e09b12" strokeWidth="2.5" />
      <ellipse cx="78" cy="72" rx="56" ry="38" fill="#fde8ef" />
      <path d="M44 44 L40 22 L62 37 Z" fill="#f7c6d8" />
      <ellipse cx="132" cy="74" rx="13" ry="15" fill="#f7c6d8" />
      <circle cx="128" cy="70" r="2.6" fill="#93205e" />
      <circle cx="135" cy="78" r="2.6" fill="#93205e" />
      <circle cx="108" cy="58" r="4" fill="#431f63" />
      <rect x="66" y="37" width="26" height="6" rx="3" fill="#93205e" />
      <rect x="42" y="100" width="14" height="16" rx="5" fill="#f7c6d8" />
      <rect x="94" y="100" width="14" height="16" rx="5" fill="#f7c6d8" />
      <path d="M22 66 q-14 -6 -8 -18" fill="none" stroke="#f7c6d8" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

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
        <PiggyBank />
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
