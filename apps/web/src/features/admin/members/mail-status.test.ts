import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../admin-format';
import { mailStatusText } from './mail-status';

describe('a member mail’s state, as support reads it', () => {
  it('says when it was sent, that it is queued or retried, or that it was given up', () => {
    const sentAt = '2026-11-24T15:30:00.000Z';
    expect(mailStatusText({ status: 'sent', attempts: 1, sentAt })).toBe(
      `Enviado el ${formatDateTime(sentAt)}`,
    );
    expect(mailStatusText({ status: 'pending', attempts: 0, sentAt: null })).toBe('En cola');
    expect(mailStatusText({ status: 'pending', attempts: 3, sentAt: null })).toBe(
      'Reintentando (3 intentos fallidos)',
    );
    expect(mailStatusText({ status: 'failed', attempts: 12, sentAt: null })).toBe(
      'No se pudo enviar (12 intentos)',
    );
  });
});
