import { Link, Outlet } from 'react-router';

/** Layout of the pages seen without a session: a header with the brand and the page. */
export function PublicLayout() {
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className="public-header">
        <Link to="/" className="brand" aria-label="Alcancía, inicio">
          <span className="brand-mark" aria-hidden="true">
            A
          </span>
          Alcancía
        </Link>
      </header>
      <main id="contenido" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="public-footer">
        <p>© 2024 Alcancía. Educación financiera para mujeres.</p>
      </footer>
    </>
  );
}
