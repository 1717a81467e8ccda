import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * PLACEHOLDER until the purchase flows land: /compra/suscripcion (the plan list). It only tells
 * where the user arrived, so catalogue clicks land on a real page. Replace, do not extend.
 */
export default function SubscriptionPlaceholderPage() {
  usePageTitle('Planes de suscripción');
  const { search } = useLocation();
  const promo = new URLSearchParams(search).get('promoCodeOpen') === 'true';
  return (
    <section className="prose" aria-labelledby="plans-title" data-placeholder="checkout">
      <h1 id="plans-title">Planes de suscripción</h1>
      <p>
        {promo
          ? 'Muy pronto vas a poder cargar tu código de descuento acá.'
          : 'Con la suscripción accedés a todos los cursos y eventos de la academia.'}{' '}
        La compra desde la web está en preparación.
      </p>
      <p>
        <Link to="/academy">Volver a la Academia</Link>
      </p>
    </section>
  );
}
