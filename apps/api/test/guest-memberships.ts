import type { FastifyInstance } from 'fastify';
import { uniqueEmail } from './accounts';

/** The browser's guest payload as the spec shows it, with options and a price the server must ignore. */
export function guestPayload(tier: string, payer: Record<string, unknown> = {}) {
  return {
    items: [{ id: tier, title: 'Membresía barata', quantity: 1, unit_price: 1 }],
    payer: {
      email: uniqueEmail('invitada'),
      phone: { number: '11 2345 6789' },
      name: 'Lucía',
      surname: 'Gómez',
      ...payer,
    },
    back_urls: { success: 'https://evil.example.com/ok' },
    binary_mode: false,
    payment_methods: { installments: 12 },
    auto_return: 'all',
  };
}

/** POST /api/users/mercadopago/preference without a session. */
export function createGuestPreference(app: FastifyInstance, payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/users/mercadopago/preference', payload: payload as object });
}
