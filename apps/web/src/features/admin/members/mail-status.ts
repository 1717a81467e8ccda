import type { MemberDetail } from '@alcancia/contract/admin';
import { formatDateTime } from '../admin-format';

/** What support reads of a queued mail: sent (when), still being retried, or given up. */
export function mailStatusText(
  mail: Pick<MemberDetail['mails'][number], 'status' | 'attempts' | 'sentAt'>,
): string {
  if (mail.status === 'sent') return mail.sentAt ? `Enviado el ${formatDateTime(mail.sentAt)}` : 'Enviado';
  if (mail.status === 'failed') return `No se pudo enviar (${mail.attempts} intentos)`;
  return mail.attempts === 0 ? 'En cola' : `Reintentando (${mail.attempts} intentos fallidos)`;
}
