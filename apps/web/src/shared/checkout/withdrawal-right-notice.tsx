import { withdrawalWindowDays } from '@alcancia/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { withdrawalPath } from '../../lib/paths';

/**
 * Ley 24.240 art. 34 at checkout, in highlighted text beside the price (issue 28, decision 0142):
 * the 10 calendar days to revoke the purchase, from when they count, and what happens with the
 * classes she already watched (nothing is discounted: the refund is whole and the access ends).
 */
export function WithdrawalRightNotice({ kind }: { kind: 'subscription' | 'program' | 'pack' }) {
  const titleId = useId();
  const product = kind === 'subscription' ? 'la suscripción' : kind === 'pack' ? 'el pack' : 'el programa';
  return (
    <aside className="withdrawal-right" aria-labelledby={titleId}>
      <h2 id={titleId} className="withdrawal-right-title">
        Tenés {withdrawalWindowDays} días corridos para arrepentirte
      </h2>
      <p>
        Por la Ley 24.240 (art. 34) podés revocar esta compra dentro de los {withdrawalWindowDays} días
        corridos {kind === 'subscription' ? 'desde el primer cobro' : 'desde el pago'}, sin explicar por qué.
        Te devolvemos el pago completo{kind === 'subscription' ? '' : ', también si lo hiciste en cuotas'},
        aunque ya hayas visto clases: lo que viste no se descuenta, y el acceso a {product} termina ese día.
        {kind === 'subscription' &&
          ' Las renovaciones no se revocan, pero podés darte de baja cuando quieras.'}
      </p>
      <p>
        <Link to={withdrawalPath}>Botón de arrepentimiento</Link>
      </p>
    </aside>
  );
}
