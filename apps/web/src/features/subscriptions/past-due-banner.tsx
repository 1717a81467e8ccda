import { Link, useLocation } from 'react-router';
import { Icon } from '../../ui/icons';
import { useAccountSubscription } from './account-subscription-api';
import './past-due-banner.css';
import { accountSubscriptionPath } from '../../lib/paths';

const sectionPath = accountSubscriptionPath;

/**
 * "No pudimos cobrar tu suscripción…" in the shell while a renewal is unpaid (grace period). The
 * shell loads this (and its query) only for card subscribers: see shell-layout.tsx.
 */
export default function PastDueBanner() {
  const { pathname } = useLocation();
  const subscription = useAccountSubscription();
  if (subscription.data?.status !== 'past_due') return null;
  return (
    <aside className="past-due-banner" aria-label="Pago pendiente">
      <Icon name="info" size={20} />
      <p>
        No pudimos cobrar tu suscripción. Cambiá tu tarjeta para no perder el acceso.{' '}
        {pathname !== sectionPath && <Link to={sectionPath}>Ir a Mi suscripción</Link>}
      </p>
    </aside>
  );
}
