import { invalidEmailMessage } from '@alcancia/contract/rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { track } from '../../lib/analytics';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import { forgotPassword, resendConfirmationCode } from './auth-api';
import { EmailField } from './auth-fields';
import { isValidEmail } from './form-rules';
import { messageFor } from './messages';

export type EmailRequestKind = 'forgotPassword' | 'resendConfirmation';

/** What each modal says; exported for its tests. */
export const emailRequestTexts = {
  forgotPassword: {
    title: '¿Olvidaste tu contraseña?',
    intro: 'Escribí el correo con el que te registraste y te enviamos un enlace para crear una nueva.',
    submit: 'Enviar enlace',
    sentTitle: 'Revisá tu correo',
    // The server answers the same for every address (issue 40): the text cannot say an account exists.
    sent: (email: string) =>
      `Si ${email} tiene una cuenta en Alcancía, te enviamos un correo con un enlace para crear una nueva contraseña (o para validar tu cuenta, si todavía no lo hiciste). Si no lo ves en unos minutos, buscalo en la carpeta de correo no deseado.`,
    call: forgotPassword,
    event: 'forgot_password_sent',
  },
  resendConfirmation: {
    title: 'Reenviar código de validación',
    intro: 'Escribí tu correo y te enviamos un nuevo código con el enlace para validar tu cuenta.',
    submit: 'Reenviar código',
    sentTitle: 'Código reenviado',
    sent: (email: string) =>
      `Te enviamos un nuevo código de validación a ${email}. Abrí el enlace del correo para validar tu cuenta.`,
    call: resendConfirmationCode,
    event: 'confirmation_code_resent',
  },
} as const;

type Phase = 'pending' | 'loading' | 'sent';

/**
 * The forgot-password and resend-confirmation modals: pending (form) → loading → sent, back to
 * pending with the error when the call fails.
 */
export function EmailRequestModal({
  kind,
  open,
  onClose,
  initialEmail = '',
}: {
  kind: EmailRequestKind;
  open: boolean;
  onClose(): void;
  initialEmail?: string;
}) {
  const text = emailRequestTexts[kind];
  const [phase, setPhase] = useState<Phase>('pending');
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const introId = useId();
  const mounted = useRef(true);
  const doneButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (open) {
      setPhase('pending');
      setEmail(initialEmail);
      setError(null);
    }
  }, [open, initialEmail]);

  // The form is replaced by the confirmation: move focus there so it is not lost.
  useEffect(() => {
    if (phase === 'sent') doneButton.current?.focus();
  }, [phase]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase === 'loading') return;
    const value = email.trim();
    if (!isValidEmail(value)) {
      setError(invalidEmailMessage);
      return;
    }
    setError(null);
    setPhase('loading');
    try {
      await text.call(value.toLowerCase());
      if (!mounted.current) return;
      track(text.event);
      setPhase('sent');
    } catch (failure) {
      if (!mounted.current) return;
      setError(messageFor(kind, failure));
      setPhase('pending');
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={phase === 'sent' ? text.sentTitle : text.title}
      describedBy={introId}
    >
      {phase === 'sent' ? (
        <DialogBody>
          <div id={introId} role="status" className="dialog-sent">
            <span className="dialog-sent-icon" aria-hidden="true">
              ✉
            </span>
            <p>{text.sent(email.trim())}</p>
          </div>
          <DialogActions>
            <Button ref={doneButton} onClick={onClose}>
              Entendido
            </Button>
          </DialogActions>
        </DialogBody>
      ) : (
        <DialogBody as="form" onSubmit={onSubmit} noValidate aria-busy={phase === 'loading'}>
          <p id={introId}>{text.intro}</p>
          <EmailField
            autoComplete="email"
            value={email}
            readOnly={phase === 'loading'}
            onChange={(event) => {
              setEmail(event.target.value);
              if (error) setError(null);
            }}
            error={error === invalidEmailMessage ? error : null}
            data-autofocus
          />
          {error && error !== invalidEmailMessage && <Banner tone="danger">{error}</Banner>}
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              Cancelar
            </Button>
            {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus */}
            <Button type="submit" aria-disabled={phase === 'loading'}>
              {phase === 'loading' ? 'Enviando…' : text.submit}
            </Button>
          </DialogActions>
        </DialogBody>
      )}
    </Dialog>
  );
}
