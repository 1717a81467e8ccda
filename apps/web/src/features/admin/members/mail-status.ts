import type { MemberDetail } from '@alcancia/contract/admin';
import { formatDateTime } from '../admin-format';

/** What support reads of a queued mail: sent (when), still being retried, or given up. */
export function mailStatusText(
  mail: Pick<MemberDetail['mails'][number], 'status' | 'attempts' | 'failedAttempts' | 'sentAt'>,
): string {
  if (mail.status === 'sent') return mail.sentAt ? `Enviado el ${formatDateTime(mail.sentAt)}` : 'Enviado';
  if (mail.status === 'failed') return `No se pudo enviar (${mail.attempts} intentos)`;
  if (mail.attempts === 0) return 'En cola';
  // claimed by the sender and not failed (yet): on its way, not a retry (issue 39 point 8)
  if (mail.failedAttempts === 0) return 'Enviándose';
  return mail.failedAttempts === 1
    ? 'Reintentando (1 intento fallido)'
    : `Reintentando (${mail.failedAttempts} intentos fallidos)`;
}
