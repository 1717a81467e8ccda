import type { GuestTier } from '@alcancia/contract/guest-tiers';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { track } from '../../lib/analytics';
import { readItem } from '../../lib/storage';
import { usePageTitle } from '../../lib/use-page-title';
import NotFoundPage from '../../shared/not-found/not-found-page';
import { guestEmailKey } from './create-guest-preference';
import { type GuestResult, isGuestResult } from './guest-form-rules';
import { tierPath, tierSummary } from './guest-tiers';
import './guest-memberships.css';
import { loginPath } from '../../lib/paths';
import { ButtonLink } from '../../ui/button';

const titles: Record<GuestResult, string> = {
  exito: '¡Tu pago fue aprobado!',
  pendiente: 'Tu pago está pendiente',
  error: 'No pudimos procesar tu pago',
};

const marks: Record<GuestResult, { symbol: string; className: string }> = {
  exito: { symbol: '✓', className: 'guest-mark guest-mark-success' },
  pendiente: { symbol: '…', className: 'guest-mark guest-mark-pending' },
  error: { symbol: '!', className: 'guest-mark guest-mark-error' },
};

/**
 * /compra/{slug}/exito|pendiente|error: where Mercado Pago sends a guest back (the preference's
 * back_urls). Access and the e-mail come from the server's webhook, not from this page: it only
 * tells the buyer what happens next.
 */
export default function GuestResultPage({ tier }: { tier: GuestTier }) {
  const { result } = useParams();
  if (!isGuestResult(result)) return <NotFoundPage />;
  return <ResultContent tier={tier} result={result} />;
}

function ResultContent({ tier, result }: { tier: GuestTier; result: GuestResult }) {
  const summary = tierSummary(tier);
  usePageTitle(`${titles[result]} · ${summary.title}`);
  const [email] = useState(() => readItem(guestEmailKey, 'session'));
  const mark = marks[result];

  useEffect(() => {
    track('guest_membership_result', { tier, result });
  }, [tier, result]);

  return (
    <section className="guest-result" aria-labelledby="guest-result-title">
      <div className={mark.className} aria-hidden="true">
        {mark.symbol}
      </div>
      <h1 id="guest-result-title">{titles[result]}</h1>
      {result === 'exito' && (
        <>
          <p>
            Ya tenés tu {summary.title}, con acceso por {summary.access}.
          </p>
          <p>
            {email ? (
              <>
                Te estamos enviando un correo a <strong>{email}</strong> con los pasos para entrar a la
                academia.
              </>
            ) : (
              'Te estamos enviando un correo con los pasos para entrar a la academia.'
            )}{' '}
            Si no lo ves en unos minutos, revisá la carpeta de correo no deseado.
          </p>
          <div className="guest-actions">
            <ButtonLink to={loginPath}>Ir a iniciar sesión</ButtonLink>
          </div>
        </>
      )}
      {result === 'pendiente' && (
        <>
          <p>
            Mercado Pago todavía está procesando el pago de tu {summary.title}. Cuando se acredite, te
            enviamos un correo con los pasos para entrar a la academia.
          </p>
          <div className="guest-actions">
            <ButtonLink variant="secondary" to={loginPath}>
              Ir a iniciar sesión
            </ButtonLink>
          </div>
        </>
      )}
      {result === 'error' && (
        <>
          <p>
            El pago de tu {summary.title} no se aprobó y no se hizo ningún cargo. Podés intentarlo de nuevo.
          </p>
          <div className="guest-actions">
            <ButtonLink to={tierPath(tier)}>Intentar de nuevo</ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}
