import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { LegalStrip } from '../features/legal/legal-strip';
import { cancellationPath, termsPath, withdrawalPath } from '../lib/paths';
import { ErrorBoundary } from '../ui/error-boundary';
import { Spinner } from '../ui/feedback';

/**
 * Layout of the pages: the legal strip (botón de arrepentimiento, botón de baja), a header with the
 * brand, the page (loaded on demand) and a footer.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <LegalStrip />
      <header className="public-header">
        <Link to="/" className="brand" aria-label="Alcancía, inicio">
          <span className="brand-mark" aria-hidden="true">
            A
          </span>
          Alcancía
        </Link>
      </header>
      <main id="contenido" className="page" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="public-footer">
        <nav aria-label="Información legal">
          <ul className="public-footer-links">
            <li>
              <Link to={termsPath}>Términos y condiciones</Link>
            </li>
            <li>
              <Link to={withdrawalPath}>Botón de arrepentimiento</Link>
            </li>
            <li>
              <Link to={cancellationPath}>Botón de baja</Link>
            </li>
          </ul>
        </nav>
        <p>© {new Date().getFullYear()} Alcancía. Educación financiera para mujeres.</p>
      </footer>
    </>
  );
}
