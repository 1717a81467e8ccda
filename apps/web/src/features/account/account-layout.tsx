import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { Spinner } from '../../ui/feedback';
import './account.css';
import {
  accountAccessPath,
  accountNotesPath,
  accountPath,
  accountPaymentsPath,
  accountPrivacyPath,
  accountRemindersPath,
  accountSubscriptionPath,
} from '../../lib/paths';

const sections = [
  { to: accountPath, label: 'Datos', end: true },
  { to: accountSubscriptionPath, label: 'Suscripción', end: false },
  { to: accountAccessPath, label: 'Cobros y accesos', end: false },
  { to: accountPaymentsPath, label: 'Compras y pagos', end: false },
  { to: accountRemindersPath, label: 'Recordatorios', end: false },
  { to: accountNotesPath, label: 'Mis notas', end: false },
  { to: accountPrivacyPath, label: 'Privacidad', end: false },
] as const;

/**
 * /mi-cuenta: what a member manages after the sale. Each section is its own route (and chunk):
 * Datos and Privacidad belong to this feature, Suscripción to subscriptions, Compras y pagos to
 * payments; the router places them inside this layout. A section loading its code shows a spinner
 * under the navigation, not instead of the page.
 */
export default function AccountLayout() {
  usePageTitle('Mi cuenta');
  return (
    <section className="account-page" aria-labelledby="account-title">
      <header className="account-header">
        <h1 id="account-title">Mi cuenta</h1>
        <p className="account-subtitle">
          Tus datos, tu suscripción, tus cobros y accesos, tus pagos, tus recordatorios y tu privacidad.
        </p>
      </header>
      <nav aria-label="Secciones de Mi cuenta" className="account-tabs">
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end} className="account-tab">
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account-panel">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
    </section>
  );
}
