import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { appDeepLinkOf, clearAppReturn, readAppReturn } from '../../shared/checkout/app-return';
import { refreshAfterSubscription } from '../../shared/checkout/subscriptions-api';
import { trackSubscription } from './subscription-events';
import '../../shared/checkout/checkout.css';
import './subscriptions.css';
import { academyPath } from '../../lib/paths';
import { Button } from '../../ui/button';

/**
 * /suscripcion-exitosa: where a subscription paid outside the card form comes back (the redirect
 * provider, Mercado Pago's back URL). Access may have just changed, so cached data is refreshed.
 * Its button goes to /academy; a purchase started in the app can also go back to it. The
 * app-return info is cleared on either way out.
 */
export default function SubscriptionSuccessPage() {
  usePageTitle('Suscripción confirmada');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [appReturn] = useState(readAppReturn);

  useEffect(() => {
    trackSubscription('successView', { fromApp: Boolean(appReturn?.fromApp) });
    void refreshAfterSubscription(queryClient);
  }, [appReturn, queryClient]);

  return (
    <section className="success-page" aria-labelledby="success-title">
      <div className="success-mark" aria-hidden="true">
        ✓
      </div>
      <h1 id="success-title">¡Tu suscripción está activa!</h1>
      <p>
        Gracias por sumarte a Alcancía. Ya podés disfrutar de todos los cursos de la academia, a tu ritmo y
        desde donde quieras.
      </p>
      <p>Te enviamos la confirmación por correo; tus pagos y tu suscripción están en Mi cuenta.</p>
      <div className="success-actions">
        <Button
          onClick={() => {
            clearAppReturn();
            navigate(academyPath, { replace: true });
          }}
        >
          Ir a la academia
        </Button>
        {appReturn?.fromApp && (
          <Button
            variant="secondary"
            onClick={() => {
              clearAppReturn();
              window.location.assign(appDeepLinkOf(appReturn));
            }}
          >
            Volver a la app
          </Button>
        )}
      </div>
    </section>
  );
}
