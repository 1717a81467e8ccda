import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons';

/**
 * The academy pages' header: "Academia" on the home, and on inner pages a back button and the
 * page's title (Cursos, Programas y Packs).
 */
export function PageHeader({
  title,
  back,
  subtitle,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="page-header-main">
        {back && (
          <Link to={back.to} className="back-button" aria-label={back.label}>
            <Icon name="back" size={22} />
          </Link>
        )}
        <div className="page-header-titles">
          <h1 className="page-title">{title}</h1>
          {subtitle}
        </div>
      </div>
      {children && <div className="page-header-actions">{children}</div>}
    </header>
  );
}
