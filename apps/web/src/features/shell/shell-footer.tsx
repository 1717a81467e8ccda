import { Link } from 'react-router';

/** Where the footer's social links go (the product's public profiles). */
const socialLinks = [
  { name: 'Instagram', href: 'https://www.instagram.com/alcancia.ar' },
  { name: 'TikTok', href: 'https://www.tiktok.com/@alcancia.ar' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/alcancia-ar' },
  { name: 'YouTube', href: 'https://www.youtube.com/@alcancia.ar' },
] as const;

/**
 * Footer of the logged-in pages: legal texts, customer service through the chat, social links
 * and © 2024. `onSupportChat` opens the assistant; without it (assistant off) the link goes to
 * the help page of the terms.
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
            <Link to="/terminos-y-condiciones">Términos y condiciones</Link>
          </li>
          <li>
            <Link to="/terminos-y-condiciones#privacidad">Política de privacidad</Link>
          </li>
          <li>
            <Link to="/arrepentimiento">Botón de arrepentimiento</Link>
          </li>
          <li>
            {onSupportChat ? (
              <button type="button" className="link-button" onClick={onSupportChat}>
                Atención al cliente por chat
              </button>
            ) : (
              <a href="mailto:ayuda@alcancia.com.ar">Atención al cliente</a>
            )}
          </li>
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
      <p className="shell-footer-copy">© 2024 Alcancía. Educación financiera para mujeres.</p>
    </footer>
  );
}
