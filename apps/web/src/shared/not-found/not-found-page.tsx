import { usePageTitle } from '../../lib/use-page-title';
import { ButtonLink } from '../../ui/button';

export default function NotFoundPage() {
  usePageTitle('Página no encontrada');
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">No encontramos esta página</h1>
      <p>Puede que el enlace esté mal escrito o que la página ya no exista.</p>
      <ButtonLink to="/">Volver al inicio</ButtonLink>
    </section>
  );
}
