import { Navigate, useLocation } from 'react-router';

/**
 * The legacy entry (/suscripcion, /suscripciones): the plan list, keeping the query string and
 * the navigation state (spec §2).
 */
export default function LegacySubscriptionRedirect() {
  const location = useLocation();
  return (
    <Navigate
      to={{ pathname: '/compra/suscripcion', search: location.search }}
      state={location.state}
      replace
    />
  );
}
