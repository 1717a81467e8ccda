import { Link } from 'react-router';
import { cancellationPath, withdrawalPath } from '../../lib/paths';

/**
 * The two links Disp. 954/2025 wants on the first screen of every access (issue 28, decision
 * 0140): a thin strip above the header of the public pages and of the logged-in shell, so both are
 * in view at 320 px and up without scrolling, with or without an account.
 */
export function LegalStrip() {
  return (
    <nav className="legal-strip" aria-label="Arrepentimiento y baja">
      <ul>
        <li>
          <Link to={withdrawalPath}>Botón de arrepentimiento</Link>
        </li>
        <li>
          <Link to={cancellationPath}>Botón de baja</Link>
        </li>
      </ul>
    </nav>
  );
}
