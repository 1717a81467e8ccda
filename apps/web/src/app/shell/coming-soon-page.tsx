import { track } from '../../lib/analytics';
import { academyPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { StoreButtons } from '../../shared/account/store-buttons';
import { ButtonLink } from '../../ui/button';
import { comingSoonTitle, type NavKey, navItemOf } from './nav-model';

/**
 * A disabled section opened by its address (/aladina): the same words as its coming-soon modal,
 * as a page, with the way back to the academy, instead of a page-not-found.
 */
export function ComingSoonPage({ section }: { section: NavKey }) {
  const item = navItemOf(section);
  const title = comingSoonTitle(item);
  usePageTitle(title);
  return (
    <section className="coming-soon-page" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <p>
        Muy pronto vas a poder usar {item.section} desde la web. Mientras tanto, ya la tenés disponible en la
        app de Alcancía.
      </p>
      <StoreButtons onChoose={(store) => track('coming_soon_store_click', { section: item.key, store })} />
      <p>
        <ButtonLink to={academyPath}>Ir a la Academia</ButtonLink>
      </p>
    </section>
  );
}

/** /aladina */
export default function AladinaPage() {
  return <ComingSoonPage section="aladina" />;
}
