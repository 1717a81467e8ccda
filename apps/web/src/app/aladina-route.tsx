import { lazy } from 'react';
import { useServiceControl } from '../shared/account/account-queries';
import { Spinner } from '../ui/feedback';

const AladinaPage = lazy(() => import('../features/aladina/aladina-page'));
const ComingSoonPage = lazy(() => import('./shell/coming-soon-page'));

/**
 * /aladina (issue 42): her conversation with Aladina while the ALADINA service control is on
 * (features/aladina), the specs' coming-soon page while it is off. Each is its own lazy chunk.
 */
export default function AladinaRoute() {
  const aladina = useServiceControl('ALADINA');
  if (aladina.isPending) return <Spinner label="Cargando…" />;
  return aladina.data?.enabled ? <AladinaPage /> : <ComingSoonPage />;
}
