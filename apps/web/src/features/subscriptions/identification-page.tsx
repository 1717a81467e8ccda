import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { asNavigationState } from '../../lib/entry-params';
import { formatMoney } from '../../lib/format';
import { readItem, writeItem } from '../../lib/storage';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { Dialog } from '../../ui/dialog';
import { AuthScreen } from '../auth/auth-screen';
import { CheckoutLoginForm, CheckoutRegisterForm, registeredLoginFailedNotice } from './identification-forms';
import {
  chargedPrice,
  checkoutPath,
  frequencyLabels,
  isPlanFrequency,
  perPeriod,
  trialText,
} from './plan-rules';
import { searchPlan, subscriptionKeys } from './subscriptions-api';
import { purchaseState } from './use-plan-choice';
import './subscriptions.css';

/** Spec §3 "Identification user case". */
type UserCase = 'REGISTER' | 'LOGIN';

/** Shared with the register page: the 'Importante' notice shows once per browser session. */
const noticeSeenKey = 'registerCountryNoticeSeen';

/**
 * /compra/suscripcion/identificacion/{plan}/{frequency}: register (default) or log in before the
 * subscription checkout. Logging in (directly or right after registering, source 'checkout')
 * moves on to the checkout with the entry parameters and promo code. Switching forms clears the
 * errors (each form keeps its own). A subscriber sent here by the app (isSubscribed=true) sees the
 * USER_IS_SUBSCRIBER panel instead of registering again.
 */
export default function IdentificationPage() {
  usePageTitle('Identificate para suscribirte');
  const { plan: planName = '', frequency = '' } = useParams();
  const location = useLocation();
  const { entry } = asNavigationState(location.state);
  const loggedIn = useIsLoggedIn();
  const [userCase, setUserCase] = useState<UserCase>('REGISTER');
  const [loginEmail, setLoginEmail] = useState('');
  const [loginNotice, setLoginNotice] = useState<string | null>(null);
  const [subscriberPanel, setSubscriberPanel] = useState(entry?.isSubscribed === true);
  const [noticeOpen, setNoticeOpen] = useState(
    () => !subscriberPanel && readItem(noticeSeenKey, 'session') !== 'true',
  );
  const nameRef = useRef<HTMLInputElement>(null);
  const noticeTextId = useId();
  const validFrequency = isPlanFrequency(frequency) ? frequency : null;
  const promoCode = entry?.promoCode ?? null;

  const plan = useQuery({
    queryKey: subscriptionKeys.plan(planName, frequency, promoCode),
    queryFn: ({ signal }) =>
      searchPlan(planName, { promoCode, planFrequency: validFrequency ?? undefined, signal }),
    enabled: validFrequency !== null && planName !== '',
    staleTime: 5 * 60 * 1000,
  });

  if (!validFrequency || !planName)
    return <Navigate to="/compra/suscripcion" replace state={location.state} />;
  if (loggedIn) {
    return (
      <Navigate to={checkoutPath(planName, validFrequency)} replace state={purchaseState(entry, promoCode)} />
    );
  }

  function switchTo(next: UserCase, email = '') {
    setUserCase(next);
    setLoginEmail(email);
    setLoginNotice(null);
  }

  function closeNotice() {
    writeItem(noticeSeenKey, 'true', 'session');
    setNoticeOpen(false);
    requestAnimationFrame(() => nameRef.current?.focus());
  }

  const providerPlan = plan.data?.providerPlans[validFrequency];
  const title = plan.data?.displayMetadata.title ?? planName;

  return (
    <AuthScreen
      title={userCase === 'REGISTER' ? 'Creá tu cuenta para suscribirte' : 'Iniciá sesión para suscribirte'}
      subtitle={
        <>
          Elegiste el plan <strong>{title}</strong> ({frequencyLabels[validFrequency].toLowerCase()}
          {providerPlan ? `, ${formatMoney(chargedPrice(providerPlan))} ${perPeriod[validFrequency]}` : ''}
          ).
          {providerPlan?.freeTrial && ` Empezás con ${trialText(providerPlan.freeTrial)} de prueba gratis.`}{' '}
          <Link to="/compra/suscripcion" state={purchaseState(entry, promoCode)}>
            Cambiar de plan
          </Link>
        </>
      }
    >
      {subscriberPanel ? (
        <section
          className="subscriber-panel"
          aria-labelledby="subscriber-title"
          data-code="USER_IS_SUBSCRIBER"
        >
          <h2 id="subscriber-title">Ya tenés una suscripción activa</h2>
          <p>
            Tu cuenta ya está suscripta a Alcancía, así que no hace falta crear otra. Entrá a tus cursos o
            iniciá sesión para ver tu plan.
          </p>
          <div className="subscriber-actions">
            <Link className="button button-primary" to="/academy">
              Ir a mis cursos
            </Link>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setSubscriberPanel(false);
                switchTo('LOGIN');
              }}
            >
              Iniciar sesión
            </button>
          </div>
        </section>
      ) : (
        <>
          <fieldset className="user-case-switch">
            <legend className="visually-hidden">¿Ya tenés cuenta?</legend>
            <button
              type="button"
              className="user-case-option"
              aria-pressed={userCase === 'REGISTER'}
              onClick={() => switchTo('REGISTER')}
            >
              Crear cuenta
            </button>
            <button
              type="button"
              className="user-case-option"
              aria-pressed={userCase === 'LOGIN'}
              onClick={() => switchTo('LOGIN')}
            >
              Ya tengo cuenta
            </button>
          </fieldset>
          {userCase === 'REGISTER' ? (
            <CheckoutRegisterForm
              nameRef={nameRef}
              onExistingAccount={(email) => switchTo('LOGIN', email)}
              onRegisteredLoginFailed={(email) => {
                switchTo('LOGIN', email);
                setLoginNotice(registeredLoginFailedNotice);
              }}
            />
          ) : (
            <CheckoutLoginForm key={loginEmail} initialEmail={loginEmail} notice={loginNotice} />
          )}
        </>
      )}
      <Dialog
        open={noticeOpen && userCase === 'REGISTER' && !subscriberPanel}
        onClose={closeNotice}
        title="Importante"
        describedBy={noticeTextId}
        hideCloseButton
      >
        <div className="dialog-body">
          <p id={noticeTextId}>
            Por ahora, el contenido de Alcancía está disponible solo para Argentina. Si vivís en otro país,
            podés crear tu cuenta igual, pero no vas a poder comprar suscripciones ni programas desde la web.
          </p>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={closeNotice}>
              Entendido
            </button>
          </div>
        </div>
      </Dialog>
    </AuthScreen>
  );
}
