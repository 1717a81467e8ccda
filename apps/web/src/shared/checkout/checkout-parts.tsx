import { useNavigate } from 'react-router';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/feedback';
import { ErrorDialog } from './error-dialog';
import { supportWhatsAppUrl } from './external-links';

/** What the checkouts (subscriptions and programs) show on the way to the card form. */

/** The loader a checkout hides behind until it is ready; the page's title stays for screen readers. */
export function CheckoutLoading({
  title,
  label = 'Preparando tu compra…',
}: {
  title: string;
  label?: string;
}) {
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="visually-hidden">
        {title}
      </h1>
      <Spinner label={label} />
    </section>
  );
}

/** The payment provider's script did not load: the page's title and a way to retry. */
export function CardFormLoadError({ title, onRetry }: { title: string; onRetry(): void }) {
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{title}</h1>
      <Banner tone="danger" title="No pudimos cargar el formulario de pago">
        <p>Revisá tu conexión y probá de nuevo.</p>
        <Button variant="link" onClick={onRetry}>
          Reintentar
        </Button>
      </Banner>
    </section>
  );
}

/** The current user could not be loaded: back home. */
export function UserDataErrorDialog() {
  const navigate = useNavigate();
  return (
    <ErrorDialog
      title="No pudimos cargar tus datos"
      text="Probá de nuevo en unos minutos."
      code="Error user data"
      actionLabel="Volver al inicio"
      onClose={() => navigate('/', { replace: true })}
    />
  );
}

/** The help link of the checkouts: a WhatsApp chat with the given first message. */
export function WhatsAppHelpLink({ message, onClick }: { message: string; onClick(): void }) {
  return (
    <p className="checkout-help">
      <a href={supportWhatsAppUrl(message)} target="_blank" rel="noreferrer" onClick={onClick}>
        ¿Necesitás ayuda? Escribinos por WhatsApp
        <span className="visually-hidden"> (se abre en otra pestaña)</span>
      </a>
    </p>
  );
}
