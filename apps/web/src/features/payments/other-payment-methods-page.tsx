import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { supportWhatsAppUrl } from '../../shared/checkout/external-links';
import { type OtherPaymentsFor, productOfQuery } from '../../shared/checkout/other-payment-methods';
import { isPlanFrequency } from '../../shared/checkout/plan-rules';
import { requestPaymentLink } from '../../shared/checkout/program-checkout-api';
import { searchPlan, subscriptionKeys } from '../../shared/checkout/subscriptions-api';
import '../../shared/checkout/checkout.css';
import { academyCoursePath, academyPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';

const supportEmail = 'ayuda@alcancia.com.ar';

/** The redirect provider's page for a subscription: the plan's own checkout link, when it has one. */
function usePlanCheckoutUrl(product: OtherPaymentsFor | null): string | null {
  const planId = product?.kind === 'subscription' ? product.planId : '';
  const plan = useQuery({
    queryKey: subscriptionKeys.plan(planId, '', null),
    queryFn: ({ signal }) => searchPlan(planId, { signal }),
    enabled: planId !== '',
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  if (!plan.data || product?.kind !== 'subscription') return null;
  const wanted = product.frequency && isPlanFrequency(product.frequency) ? product.frequency : null;
  const providerPlans = Object.values(plan.data.providerPlans);
  const chosen = wanted ? plan.data.providerPlans[wanted] : providerPlans.find((p) => p?.checkoutUrl);
  return chosen?.checkoutUrl ?? null;
}

/** A program: the redirect provider's page, asked for on click (POST /users/payment/link). */
function ProgramProviderButton({ programId }: { programId: string }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  async function go() {
    if (state === 'loading') return;
    setState('loading');
    try {
      const link = new URL(await requestPaymentLink(programId, null), window.location.origin);
      if (link.protocol !== 'https:' && link.protocol !== 'http:') throw new Error('enlace no válido');
      window.location.assign(link.href);
    } catch (error) {
      if (error instanceof ApiError && error.internalCode === 'ALREADY_PURCHASED') {
        window.location.assign(academyCoursePath(programId));
        return;
      }
      setState('failed');
    }
  }
  return (
    <>
      <Button aria-busy={state === 'loading' || undefined} onClick={() => void go()}>
        {state === 'loading' ? 'Te llevamos a la página de pago…' : 'Ir a la página de pago'}
      </Button>
      {state === 'failed' && (
        <Banner tone="danger">
          No pudimos abrir la página de pago. Escribinos por WhatsApp y te mandamos el enlace.
        </Banner>
      )}
    </>
  );
}

/**
 * /compra/otras-formas-de-pago (decision 77): where "Ver otras formas de pago" leads after two
 * refused cards. Three ways on, each in its own card: a bank transfer (the team sends the account
 * details), the redirect provider's payment page (other cards, money in the account, cash) and
 * talking to the team. Nothing here is an outside address chosen for her.
 */
export default function OtherPaymentMethodsPage() {
  usePageTitle('Otras formas de pago');
  const { search } = useLocation();
  const product = productOfQuery(search);
  const planCheckoutUrl = usePlanCheckoutUrl(product);
  const what = product?.kind === 'program' ? 'tu programa' : 'tu suscripción';
  const reference =
    product?.kind === 'program'
      ? `el programa ${product.programId}`
      : product
        ? `la suscripción ${product.planId}`
        : '';
  const transferMessage = `Hola, quiero pagar ${reference || 'mi compra'} por transferencia bancaria. ¿Me pasan los datos?`;
  const linkMessage = `Hola, quiero pagar ${reference || 'mi compra'} en la página de Mercado Pago. ¿Me mandan el enlace?`;
  const helpMessage = `Hola, no pude pagar ${reference || 'mi compra'} con tarjeta y necesito ayuda.`;
  const providerHref = planCheckoutUrl;

  return (
    <section className="other-payments" aria-labelledby="other-payments-title">
      <h1 id="other-payments-title">Otras formas de pago</h1>
      <p className="other-payments-intro">
        Tu tarjeta no pudo procesar el pago, pero podés terminar {what} de otra forma. Elegí la que te quede
        más cómoda.
      </p>
      <ul className="other-payments-list">
        <li className="checkout-card">
          <h2 className="checkout-card-title">Transferencia bancaria</h2>
          <p>
            Pagá desde tu banco o billetera virtual. Te mandamos los datos de la cuenta y, cuando recibimos el
            comprobante, activamos {what} en el día hábil.
          </p>
          <ButtonLink
            variant="secondary"
            href={supportWhatsAppUrl(transferMessage)}
            target="_blank"
            rel="noreferrer"
          >
            Pedir los datos por WhatsApp
            <span className="visually-hidden"> (se abre en otra pestaña)</span>
          </ButtonLink>
        </li>
        <li className="checkout-card">
          <h2 className="checkout-card-title">Página de pago de Mercado Pago</h2>
          <p>Pagá con otra tarjeta, con dinero en tu cuenta de Mercado Pago o en efectivo.</p>
          {product?.kind === 'program' ? (
            <ProgramProviderButton programId={product.programId} />
          ) : providerHref ? (
            <ButtonLink href={providerHref}>Ir a la página de pago</ButtonLink>
          ) : (
            <ButtonLink
              variant="secondary"
              href={supportWhatsAppUrl(linkMessage)}
              target="_blank"
              rel="noreferrer"
            >
              Pedir un enlace de pago por WhatsApp
              <span className="visually-hidden"> (se abre en otra pestaña)</span>
            </ButtonLink>
          )}
        </li>
        <li className="checkout-card">
          <h2 className="checkout-card-title">Hablá con nuestro equipo</h2>
          <p>
            Si preferís, te ayudamos a pagar en cuotas o con otro medio. Respondemos de lunes a viernes de 9 a
            18.
          </p>
          <p className="other-payments-contact">
            <a href={supportWhatsAppUrl(helpMessage)} target="_blank" rel="noreferrer">
              Escribinos por WhatsApp
              <span className="visually-hidden"> (se abre en otra pestaña)</span>
            </a>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
        </li>
      </ul>
      <p>
        <Link to={academyPath}>Volver a la academia</Link>
      </p>
    </section>
  );
}
