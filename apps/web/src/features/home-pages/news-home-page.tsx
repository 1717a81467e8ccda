import { AppHomePage } from './app-home';

/** /novedades/ */
export default function NewsHomePage() {
  return <AppHomePage vertical="news" />;
}
