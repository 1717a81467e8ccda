import { Navigate, useLocation } from 'react-router';
import { deepLinkTarget } from './deep-link-rules';

/** /deepLink?screen=…: replaces this history entry with the mapped route. */
export default function DeepLinkPage() {
  const { search } = useLocation();
  return <Navigate to={deepLinkTarget(search)} replace />;
}
