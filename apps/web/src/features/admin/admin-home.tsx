import { roleLabels } from '@alcancia/contract/admin';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { Banner } from '../../ui/banner';
import { Spinner } from '../../ui/feedback';
import { can, useOperator } from './admin-api';
import { adminSections } from './admin-sections';

/** The admin's figures (permission `dashboard`): its own chunk, with the chart library. */
const DashboardPanel = lazy(() => import('./dashboard/dashboard-panel'));

/** /admin: where to start, by role; for admins, the dashboard of figures below. */
export default function AdminHome() {
  usePageTitle('Panel');
  const { data: operator } = useOperator();
  if (!operator) return null;
  const sections = adminSections.filter((s) => can(operator, s.permission));
  return (
    <section>
      <h1>Hola, {operator.name}</h1>
      <p className="admin-muted">Tu rol: {roleLabels[operator.role]}.</p>
      {operator.recoveryCodesLeft < 3 && (
        <Banner tone="info" title="Te quedan pocos códigos de recuperación">
          Tenés {operator.recoveryCodesLeft}. Generá códigos nuevos en{' '}
          <Link to="/admin/seguridad">Mi acceso</Link>.
        </Banner>
      )}
      <ul className="admin-cards">
        {sections.map((section) => (
          <li key={section.path}>
            <Link className="admin-card" to={`/admin/${section.path}`}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
      {can(operator, 'dashboard') && (
        <Suspense fallback={<Spinner label="Cargando el tablero…" />}>
          <DashboardPanel />
        </Suspense>
      )}
    </section>
  );
}
