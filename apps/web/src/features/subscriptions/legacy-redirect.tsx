import { Navigate, useLocation } from 'react-router';
import { plansPath } from '../../lib/paths';

/**
 * The legacy entry (/suscripcion, /suscripciones): the plan list, keeping the query string and
 * the navigation state (spec §2).
 */
export default function LegacySubscriptionRedirect() {
  const location = useLocation();
  return <Navigate to={{ pathname: plansPath, search: location.search }} state={location.state} replace />;
}
