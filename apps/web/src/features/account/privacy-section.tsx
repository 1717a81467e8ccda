import { useState } from 'react';
import { track } from '../../lib/analytics';
import { usePageTitle } from '../../lib/use-page-title';
import { useCurrentUser } from '../../shared/account/account-queries';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/feedback';
import { downloadDataExport, useAccountSecurity } from './account-api';
import { accountErrorText } from './account-rules';
import { DeleteAccountDialog } from './delete-account-dialog';

/** "Descargar mis datos": the JSON file of everything we hold about her, fetched with her session. */
function DataExport() {
  const [state, setState] = useState<'idle' | 'loading' | 'done' | { error: string }>('idle');
  async function download() {
    setState('loading');
    try {
      await downloadDataExport();
      track('account_data_exported');
      setState('done');
    } catch (failure) {
      setState({
        error: accountErrorText(
          failure,
          'No pudimos preparar tus datos. Intentá nuevamente en unos minutos.',
        ),
      });
    }
  }
  return (
    <section className="account-card" aria-labelledby="account-export-title">
      <h3 id="account-export-title">Descargar mis datos</h3>
      <p>
        Un archivo JSON con todo lo que guardamos sobre vos: tus datos, tus compras y pagos (de la tarjeta,
        solo la marca y los últimos 4 números), tu progreso, tus certificados, los eventos de uso y tus
        sesiones.
      </p>
      <Button
        variant="secondary"
        onClick={download}
        disabled={state === 'loading'}
        aria-busy={state === 'loading' || undefined}
      >
        {state === 'loading' ? 'Preparando tus datos…' : 'Descargar mis datos'}
      </Button>
      {state === 'done' && <Banner tone="success">Listo: descargaste el archivo con tus datos.</Banner>}
      {typeof state === 'object' && <Banner tone="danger">{state.error}</Banner>}
    </section>
  );
}

/** /mi-cuenta/privacidad: "Descargar mis datos" and "Eliminar mi cuenta" (Ley 25.326). */
export default function PrivacySection() {
  usePageTitle('Privacidad');
  const user = useCurrentUser();
  const security = useAccountSecurity();
  const [deleting, setDeleting] = useState(false);

  return (
    <section className="account-section" aria-labelledby="account-privacy-title">
      <h2 id="account-privacy-title">Privacidad</h2>
      <p className="account-intro">
        Tus datos son tuyos. Por la Ley 25.326 de Protección de Datos Personales podés pedir una copia de todo
        lo que guardamos sobre vos y eliminar tu cuenta cuando quieras.
      </p>
      <DataExport />
      <section className="account-card account-card-danger" aria-labelledby="account-delete-title">
        <h3 id="account-delete-title">Eliminar mi cuenta</h3>
        <p>
          Borramos tus datos personales, tu progreso y tus certificados, cancelamos la renovación de tu
          suscripción y cerramos tu sesión en todos tus dispositivos. Tus pagos quedan registrados sin tus
          datos personales.
        </p>
        {security.isPending && <Spinner />}
        {security.isError && (
          <Banner tone="danger">
            No pudimos cargar tu cuenta.{' '}
            <Button variant="link" onClick={() => void security.refetch()}>
              Intentar de nuevo
            </Button>
          </Banner>
        )}
        {security.data && user.data && (
          <>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Eliminar mi cuenta
            </Button>
            <DeleteAccountDialog
              open={deleting}
              onClose={() => setDeleting(false)}
              hasPassword={security.data.hasPassword}
              email={user.data.email}
            />
          </>
        )}
      </section>
    </section>
  );
}
