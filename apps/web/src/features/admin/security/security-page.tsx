import type { TotpEnrolment, TotpReauthRequest } from '@alcancia/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import {
  adminErrorText,
  confirmTotpEnrolment,
  operatorKey,
  replaceRecoveryCodes,
  startTotpEnrolment,
  useOperator,
} from '../admin-api';

/**
 * /admin/seguridad: her second factor. A new authenticator (her password and current code or a
 * recovery code first, then the QR drawn by the API, confirmed with a code from it) or new
 * recovery codes (confirmed with a current code); the codes show once.
 */
export default function SecurityPage() {
  usePageTitle('Mi acceso');
  const queryClient = useQueryClient();
  const { data: operator } = useOperator();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  // kept only until the new app is confirmed: the confirmation asks for it again
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(adminErrorText(failure));
    } finally {
      setBusy(false);
    }
  }

  const showCodes = async (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    setEnrolment(null);
    setPassword('');
    await queryClient.invalidateQueries({ queryKey: operatorKey });
  };

  return (
    <section className="admin-stack">
      <h1>Mi acceso</h1>
      <p className="admin-muted">
        Entrás al panel con tu contraseña y el código de tu aplicación de autenticación. Te quedan{' '}
        <strong>{operator?.recoveryCodesLeft ?? 0}</strong> códigos de recuperación sin usar.
      </p>
      {error && <Banner tone="danger">{error}</Banner>}
      {codes && (
        <Banner tone="success" title="Tus códigos de recuperación nuevos">
          <p>Guardalos en un lugar seguro: cada uno sirve una sola vez y no se vuelven a mostrar.</p>
          <ul className="admin-codes" aria-label="Códigos de recuperación">
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </Banner>
      )}

      <div className="admin-panel">
        <h2>Nueva aplicación de autenticación</h2>
        {enrolment ? (
          <Enrolment
            enrolment={enrolment}
            busy={busy}
            onConfirm={(code) =>
              run(async () =>
                showCodes(
                  (await confirmTotpEnrolment({ password, enrolmentToken: enrolment.enrolmentToken, code }))
                    .recoveryCodes,
                ),
              )
            }
          />
        ) : (
          <>
            <p>
              Si cambiaste de teléfono, registrá la aplicación de nuevo. La actual sigue funcionando hasta que
              confirmes la nueva. Para hacerlo, confirmá que sos vos: tu contraseña y el código que muestra
              ahora tu aplicación (o, si perdiste el teléfono, uno de tus códigos de recuperación). Te
              avisamos por correo cuando quede registrada.
            </p>
            <ReauthForm
              busy={busy}
              onSubmit={(body) =>
                run(async () => {
                  setEnrolment(await startTotpEnrolment(body));
                  setPassword(body.password);
                })
              }
            />
          </>
        )}
      </div>

      <div className="admin-panel">
        <h2>Códigos de recuperación</h2>
        <CodeForm
          label="Código actual de tu aplicación"
          submit="Generar códigos nuevos"
          busy={busy}
          onSubmit={(code) => run(async () => showCodes((await replaceRecoveryCodes(code)).recoveryCodes))}
        />
      </div>
    </section>
  );
}

function Enrolment({
  enrolment,
  busy,
  onConfirm,
}: {
  enrolment: TotpEnrolment;
  busy: boolean;
  onConfirm(code: string): void;
}) {
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`;
  return (
    <div className="admin-enrolment">
      <img
        className="admin-qr"
        src={qr}
        alt="Código QR para tu aplicación de autenticación"
        width={200}
        height={200}
      />
      <div className="admin-stack">
        <p>Escaneá el QR con tu aplicación, o cargá esta clave a mano:</p>
        <p>
          <code className="admin-secret">{enrolment.secret}</code>
        </p>
        <CodeForm
          label="Código que muestra la aplicación"
          submit="Confirmar"
          busy={busy}
          onSubmit={onConfirm}
        />
      </div>
    </div>
  );
}

function CodeForm({
  label,
  submit,
  busy,
  onSubmit,
}: {
  label: string;
  submit: string;
  busy: boolean;
  onSubmit(code: string): void;
}) {
  const [code, setCode] = useState('');
  const valid = /^\d{6}$/.test(code);
  return (
    <form
      className="admin-inline-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (valid) onSubmit(code);
      }}
    >
      <TextField
        label={label}
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      <Button type="submit" disabled={!valid || busy}>
        {submit}
      </Button>
    </form>
  );
}

/** Her password and a current code (6 digits) or a recovery code (XXXXX-XXXXX). */
function ReauthForm({ busy, onSubmit }: { busy: boolean; onSubmit(body: TotpReauthRequest): void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const valid = password.length > 0 && code.trim().length >= 6;
  return (
    <form
      className="admin-stack"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (valid) onSubmit({ password, code: code.trim() });
      }}
    >
      <TextField
        label="Tu contraseña"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        label="Código actual de tu aplicación o un código de recuperación"
        name="current-code"
        autoComplete="one-time-code"
        maxLength={20}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <div>
        <Button type="submit" variant="secondary" disabled={!valid || busy}>
          Registrar una aplicación nueva
        </Button>
      </div>
    </form>
  );
}
