import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../admin-format';
import { mailStatusText } from './mail-status';

describe('a member mail’s state, as support reads it', () => {
  it('says when it was sent, that it is queued or retried, or that it was given up', () => {
    const sentAt = '2026-11-24T15:30:00.000Z';
    expect(mailStatusText({ status: 'sent', attempts: 1, failedAttempts: 0, sentAt })).toBe(
      `Enviado el ${formatDateTime(sentAt)}`,
    );
    expect(mailStatusText({ status: 'pending', attempts: 0, failedAttempts: 0, sentAt: null })).toBe(
      'En cola',
    );
    expect(mailStatusText({ status: 'pending', attempts: 3, failedAttempts: 3, sentAt: null })).toBe(
      'Reintentando (3 intentos fallidos)',
    );
    expect(mailStatusText({ status: 'failed', attempts: 12, failedAttempts: 12, sentAt: null })).toBe(
      'No se pudo enviar (12 intentos)',
    );
  });

  it('a mail on its first try, or delivered, never reads as a failed retry (issue 39 point 8)', () => {
    expect(mailStatusText({ status: 'pending', attempts: 1, failedAttempts: 0, sentAt: null })).toBe(
      'Enviándose',
    );
    expect(mailStatusText({ status: 'pending', attempts: 2, failedAttempts: 1, sentAt: null })).toBe(
      'Reintentando (1 intento fallido)',
    );
  });
});
