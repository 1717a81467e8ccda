import { lazy } from 'react';
import { useServiceControl } from '../shared/account/account-queries';
import { Spinner } from '../ui/feedback';

const NewsPage = lazy(() => import('../features/news/news-page'));
const NewsGreetingPage = lazy(() => import('../features/home-pages/news-home-page'));

/**
 * /novedades (issue 44): her home while the NEWS service control is on (features/news), the specs'
 * greeting with the app's QR while it is off (features/home-pages). Each is its own lazy chunk.
 */
export default function NewsRoute() {
  const news = useServiceControl('NEWS');
  if (news.isPending) return <Spinner label="Cargando…" />;
  return news.data?.enabled ? <NewsPage /> : <NewsGreetingPage />;
}
