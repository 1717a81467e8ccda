import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * PLACEHOLDER until the purchase flows land: /compra/programa/{id} (program checkout). Replace,
 * do not extend.
 */
export default function ProgramCheckoutPlaceholderPage() {
  usePageTitle('Comprar programa');
  const { id = '' } = useParams();
  return (
    <section className="prose" aria-labelledby="program-checkout-title" data-placeholder="checkout">
      <h1 id="program-checkout-title">Comprar programa</h1>
      <p>La compra de programas desde la web está en preparación.</p>
      <p>
        <Link to={`/programas/${encodeURIComponent(id)}/detalle`}>Ver el detalle del programa</Link>
        {' · '}
        <Link to="/programas">Volver a Programas & Packs</Link>
      </p>
    </section>
  );
}
