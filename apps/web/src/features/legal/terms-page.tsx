import { usePageTitle } from '../../lib/use-page-title';

/** Target of the register form's terms link, until the legal texts are published here. */
export default function TermsPage() {
  usePageTitle('Términos y condiciones');
  return (
    <section className="prose" aria-labelledby="terms-title">
      <h1 id="terms-title">Términos y condiciones</h1>
      <p>
        Estamos preparando la versión web de los términos y condiciones de Alcancía. Mientras tanto, podés
        consultarlos en la app.
      </p>
    </section>
  );
}
