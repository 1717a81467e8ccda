import { usePageTitle } from '../../lib/use-page-title';

/** Home (/): the default destination after login or register. */
export function HomePage() {
  usePageTitle('Inicio');
  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title">Empoderá tus finanzas</h1>
      <p>
        Alcancía es la academia de educación financiera para mujeres: clases en video, materiales para
        descargar, tu progreso y tu certificado.
      </p>
    </section>
  );
}
