import { Link } from 'react-router';
import { cancellationPath, newsPath, termsPath, withdrawalPath } from '../../lib/paths';
import { Button } from '../../ui/button';

/** Where the footer's social links go (the product's public profiles). */
const socialLinks = [
  { name: 'Instagram', href: 'https://www.instagram.com/alcancia.ar' },
  { name: 'TikTok', href: 'https://www.tiktok.com/@alcancia.ar' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/alcancia-ar' },
  { name: 'YouTube', href: 'https://www.youtube.com/@alcancia.ar' },
] as const;

/** The copyright year: the current one in Buenos Aires (not a year written in the code). */
export function copyrightYear(now: Date = new Date()): number {
  return Number(now.toLocaleString('en-US', { timeZone: 'America/Argentina/Buenos_Aires', year: 'numeric' }));
}

/** The sections that live in the app: their pages explain it and link the stores. */
const appSections = [
  { path: newsPath, text: 'Novedades' },
  { path: '/misCuentas', text: 'Mis Cuentas' },
  { path: '/aladina', text: 'Aladina' },
] as const;

/**
 * Footer of the logged-in pages: legal texts, customer service through the chat, the sections
 * that live in the app (the phone's tab bar leads with what works on the web), social links and
 * © with the current year. `onSupportChat` opens the assistant; without it (assistant off) the
 * link writes to the support address.
 */
export function ShellFooter({ onSupportChat }: { onSupportChat?: () => void }) {
  return (
    <footer className="shell-footer">
      <nav aria-label="Información legal y ayuda" className="shell-footer-links">
        <ul>
          <li>
            <Link to="/terminos-y-condiciones#aviso-legal">Aviso legal</Link>
          </li>
          <li>
            <Link to="/terminos-y-condiciones#cookies">Política de cookies</Link>
          </li>
          <li>
            <Link to={termsPath}>Términos y condiciones</Link>
          </li>
          <li>
            <Link to="/terminos-y-condiciones#privacidad">Política de privacidad</Link>
          </li>
          <li>
            <Link to={withdrawalPath}>Botón de arrepentimiento</Link>
          </li>
          <li>
            <Link to={cancellationPath}>Botón de baja</Link>
          </li>
          <li>
            {onSupportChat ? (
              <Button variant="link" onClick={onSupportChat}>
                Atención al cliente por chat
              </Button>
            ) : (
              <a href="mailto:ayuda@alcancia.com.ar">Atención al cliente</a>
            )}
          </li>
        </ul>
      </nav>
      <nav aria-label="En la app" className="shell-footer-links shell-footer-app">
        <ul>
          {appSections.map((section) => (
            <li key={section.path}>
              <Link to={section.path}>{section.text}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="shell-footer-social" aria-label="Redes sociales">
        {socialLinks.map((link) => (
          <li key={link.name}>
            <a href={link.href} target="_blank" rel="noreferrer">
              {link.name}
              <span className="visually-hidden"> (se abre en otra pestaña)</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="shell-footer-copy">© {copyrightYear()} Alcancía. Educación financiera para mujeres.</p>
    </footer>
  );
}
