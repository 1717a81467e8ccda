import type { AdminPermission, Operator } from '@alcancia/contract/admin';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { Spinner } from '../../ui/feedback';
import { adminErrorText, can, isForbidden, useOperator } from './admin-api';
import { AdminLayout } from './admin-layout';
import { NoAccessPage } from './no-access-page';
import './admin.css';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';

/*
 * /admin/* (issue 18): the back office, one lazy chunk of its own (router.tsx), each section a
 * further chunk. Nothing here is in a learner's first load.
 */
const AdminHome = lazy(() => import('./admin-home'));
const SecurityPage = lazy(() => import('./security/security-page'));
const AuditLogPage = lazy(() => import('./audit/audit-log-page'));
const MembersPage = lazy(() => import('./members/members-page'));
const MemberPage = lazy(() => import('./members/member-page'));
const PaymentsPage = lazy(() => import('./payments/payments-page'));
const FiscalPage = lazy(() => import('./fiscal/fiscal-page'));
const PromoCodesPage = lazy(() => import('./promo-codes/promo-codes-page'));
const PromoCodePage = lazy(() => import('./promo-codes/promo-code-page'));
const SwitchesPage = lazy(() => import('./switches/switches-page'));
const PricesPage = lazy(() => import('./prices/prices-page'));
const CoursesPage = lazy(() => import('./content/courses-page'));
const CoursePage = lazy(() => import('./content/course-page'));
const NewsAdminPage = lazy(() => import('./news/news-admin-page'));
const AladinaAdminPage = lazy(() => import('./aladina/aladina-admin-page'));

type Page = LazyExoticComponent<ComponentType>;

/** A section's page when her role includes it; otherwise a "no access" note (the API would say 403). */
function Guarded({
  operator,
  permission,
  page: Page,
}: {
  operator: Operator;
  permission: AdminPermission;
  page: Page;
}) {
  return can(operator, permission) ? <Page /> : <NoAccessPage section />;
}

export default function AdminApp() {
  const operator = useOperator();
  if (operator.isPending) return <Spinner label="Cargando el panel…" />;
  if (operator.isError) {
    return isForbidden(operator.error) ? <NoAccessPage /> : <LoadError error={operator.error} />;
  }
  const me = operator.data;
  const guarded = (permission: AdminPermission, page: Page) => (
    <Guarded operator={me} permission={permission} page={page} />
  );
  return (
    <AdminLayout operator={me}>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route index element={<AdminHome />} />
          <Route path="seguridad" element={guarded('self', SecurityPage)} />
          <Route path="auditoria" element={guarded('audit', AuditLogPage)} />
          <Route path="miembros" element={guarded('members', MembersPage)} />
          <Route path="miembros/:id" element={guarded('members', MemberPage)} />
          <Route path="pagos" element={guarded('payments', PaymentsPage)} />
          <Route path="facturacion" element={guarded('payments', FiscalPage)} />
          <Route path="codigos" element={guarded('promo-codes', PromoCodesPage)} />
          <Route path="codigos/:code" element={guarded('promo-codes', PromoCodePage)} />
          <Route path="interruptores" element={guarded('switches', SwitchesPage)} />
          <Route path="precios" element={guarded('prices', PricesPage)} />
          <Route path="contenidos" element={guarded('content', CoursesPage)} />
          <Route path="contenidos/:id" element={guarded('content', CoursePage)} />
          <Route path="novedades" element={guarded('content', NewsAdminPage)} />
          <Route path="aladina" element={guarded('content', AladinaAdminPage)} />
          <Route path="*" element={<AdminNotFound />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}

function LoadError({ error }: { error: unknown }) {
  usePageTitle('Panel');
  return (
    <div className="admin-no-access admin-no-access-page">
      <Banner tone="danger" title="No pudimos abrir el panel">
        {adminErrorText(error)}
      </Banner>
      <Button onClick={() => window.location.reload()}>Reintentar</Button>
    </div>
  );
}

function AdminNotFound() {
  usePageTitle('Página no encontrada');
  return (
    <section>
      <h1>Página no encontrada</h1>
      <p>Esta sección del panel no existe. Elegí una del menú.</p>
    </section>
  );
}
