import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { asNavigationState } from '../../lib/entry-params';
import { usePageTitle } from '../../lib/use-page-title';
import { appReturnFromEntry, clearAppReturn, readAppReturn } from '../../shared/checkout/app-return';
import { refreshAfterPurchase } from '../../shared/checkout/program-checkout-api';
import { afterSuccessDestination } from './checkout-rules';
import { trackProgram } from './program-events';
import { useAllProgramsAndPacks } from './programs-api';
import '../../shared/checkout/checkout.css';
import { programsPath } from '../../lib/paths';
import { Button } from '../../ui/button';

/**
 * /compra-exitosa: where a program paid with the redirect provider comes back to
 * (?programId=… or ?programDiscountId=…, passed on by the entry wrapper as state.entry); without
 * either it goes to /programas. Access may have just changed, so cached data is refreshed. Continue
 * follows the after-success rules (the app, the program in the academy, home); closing goes to
 * the program list. Either way clears the app-return info saved before leaving for the provider.
 */
export default function PurchaseSuccessPage() {
  usePageTitle('Compra confirmada');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { entry } = asNavigationState(location.state);
  const programId = entry?.programId ?? null;
  const known = programId !== null || Boolean(entry?.programDiscountId);
  const [appReturn] = useState(() => appReturnFromEntry(entry) ?? readAppReturn());
  const list = useAllProgramsAndPacks();
  const program = programId ? list.data?.find((item) => item.id === programId) : undefined;

  useEffect(() => {
    if (!known) return;
    trackProgram('successView', { programId: programId ?? undefined, fromApp: Boolean(appReturn?.fromApp) });
    void refreshAfterPurchase(queryClient);
  }, [known, programId, appReturn, queryClient]);

  if (!known) return <Navigate to={programsPath} replace />;

  const destination = afterSuccessDestination({ appReturn, programId });

  function continueOn() {
    clearAppReturn();
    if (destination.kind === 'app') window.location.assign(destination.url);
    else navigate(destination.path, { replace: true });
  }

  function close() {
    clearAppReturn();
    navigate(programsPath, { replace: true });
  }

  return (
    <section className="success-page" aria-labelledby="success-title">
      <div className="success-mark" aria-hidden="true">
        ✓
      </div>
      <h1 id="success-title">¡Gracias por tu compra!</h1>
      <p>
        {program ? (
          <>
            <strong>{program.name}</strong> ya es tuyo.
          </>
        ) : (
          'Tu compra quedó confirmada.'
        )}{' '}
        Si todavía no lo ves en tu cuenta, esperá unos minutos: a veces el pago tarda en acreditarse.
      </p>
      <p>Cuando se acredite te llega la confirmación por correo, con tu comprobante en Mi cuenta.</p>
      <div className="success-actions">
        <Button onClick={continueOn}>
          {destination.kind === 'app' ? 'Volver a la app' : programId ? 'Ir al programa' : 'Ir al inicio'}
        </Button>
        <Button variant="secondary" onClick={close}>
          Ver Programas & Packs
        </Button>
      </div>
    </section>
  );
}
