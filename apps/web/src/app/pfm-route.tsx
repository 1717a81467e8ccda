import { lazy } from 'react';
import { useServiceControl } from '../shared/account/account-queries';
import { Spinner } from '../ui/feedback';

const PfmPage = lazy(() => import('../features/pfm/pfm-page'));
const PfmGreetingPage = lazy(() => import('../features/home-pages/pfm-home-page'));

/**
 * /misCuentas (issue 43): her Mis Cuentas while the PFM service control is on (features/pfm), the
 * specs' greeting with the app's QR while it is off (features/home-pages). Each is its own lazy chunk.
 */
export default function PfmRoute() {
  const pfm = useServiceControl('PFM');
  if (pfm.isPending) return <Spinner label="Cargando…" />;
  return pfm.data?.enabled ? <PfmPage /> : <PfmGreetingPage />;
}
