import { type Operator, roleLabels } from '@alcancia/contract/admin';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { academyPath } from '../../lib/paths';
import { useLogout } from '../../shared/auth/use-logout';
import { Button } from '../../ui/button';
import { can } from './admin-api';
import { adminSections } from './admin-sections';

/**
 * The back office's frame: a header (who operates, in which role; leave), the sections her role
 * may use, and the page. Every control is reachable by keyboard. On a phone (under 48rem) the
 * sections fold behind a "Menú" button and close again once one is chosen (issue 29).
 */
export function AdminLayout({ operator, children }: { operator: Operator; children: ReactNode }) {
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // a section chosen from the folded menu closes it
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every move to another page
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Saltar al contenido
      </a>
      <header className="admin-header">
        <Link to="/admin" className="admin-brand">
          Alcancía <span className="admin-brand-tag">Panel</span>
        </Link>
        <Button
          variant="secondary"
          size="compact"
          className="admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? 'Cerrar menú' : 'Menú'}
        </Button>
        <div className="admin-who">
          <span>
            {operator.name} · <strong>{roleLabels[operator.role]}</strong>
          </span>
          <Link to={academyPath} className="admin-header-link">
            Ver la academia
          </Link>
          <Button variant="secondary" size="compact" onClick={logout}>
            Cerrar sesión
          </Button>
        </div>
      </header>
      <div className="admin-body">
        <nav
          id="admin-nav"
          className={menuOpen ? 'admin-nav admin-nav-open' : 'admin-nav'}
          aria-label="Secciones del panel"
        >
          <ul>
            <li>
              <NavLink to="/admin" end>
                Inicio
              </NavLink>
            </li>
            {adminSections
              .filter((section) => can(operator, section.permission))
              .map((section) => (
                <li key={section.path}>
                  <NavLink to={`/admin/${section.path}`}>{section.label}</NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
