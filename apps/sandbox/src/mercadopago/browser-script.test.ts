import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMercadoPagoEmulator } from './standalone';
import { type AnyJson, api, freshKey, PUBLIC_KEY, paymentBody, sdk, startEmulator } from './test-support';

// Runs the served stand-in script as a browser would (a classic script with document.currentScript)
// in a bare VM context, with the real fetch against the emulator.

interface MercadoPagoInstance {
  getIdentificationTypes(): Promise<AnyJson[]>;
  getPaymentMethods(params: { bin: string }): Promise<AnyJson>;
  getIssuers(params: { paymentMethodId: string; bin: string }): Promise<AnyJson[]>;
  getInstallments(params: { amount: string; bin: string; locale?: string }): Promise<AnyJson[]>;
  createCardToken(params: Record<string, string>): Promise<AnyJson>;
}
type MercadoPagoClass = new (publicKey: string, options?: { locale: string }) => MercadoPagoInstance;

let emulator: RunningMercadoPagoEmulator;
let MercadoPago: MercadoPagoClass;

beforeAll(async () => {
  emulator = await startEmulator();
  const served = await api(`${emulator.url}/js/v2`);
  expect(served.headers.get('content-type')).toContain('application/javascript');
  const window: { MercadoPago?: MercadoPagoClass } = {};
  const document = { currentScript: { src: `${emulator.url}/js/v2` }, querySelector: () => null };
  runInNewContext(served.body as string, { window, document, fetch });
  if (!window.MercadoPago) throw new Error('window.MercadoPago was not defined');
  MercadoPago = window.MercadoPago;
});
afterAll(() => emulator.close());

const card = {
  cardNumber: '5031755734530604',
  cardholderName: 'APRO',
  cardExpirationMonth: '11',
  cardExpirationYear: '2030',
  securityCode: '123',
  identificationType: 'DNI',
  identificationNumber: '12345678',
};

describe('window.MercadoPago stand-in', () => {
  it('implements the core lookups with the documented shapes', async () => {
    const mp = new MercadoPago(PUBLIC_KEY, { locale: 'es-AR' });
    expect((await mp.getIdentificationTypes()).map((t) => t.id)).toContain('DNI');
    const methods = await mp.getPaymentMethods({ bin: '50317557' });
    expect(methods.results[0]).toMatchObject({ id: 'master', payment_type_id: 'credit_card' });
    const issuers = await mp.getIssuers({ paymentMethodId: 'master', bin: '50317557' });
    expect(issuers[0]).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    const [installments] = await mp.getInstallments({ amount: '4500', bin: '50317557', locale: 'es-AR' });
    expect(installments).toMatchObject({ payment_method_id: 'master', issuer: { id: issuers[0].id } });
    expect(installments.payer_costs.map((c: AnyJson) => c.installments)).toEqual([1, 3, 6, 12]);
  });

  it('tokenizes a card that our API can then charge', async () => {
    const mp = new MercadoPago(PUBLIC_KEY);
    const token = await mp.createCardToken(card);
    expect(token).toMatchObject({
      id: expect.any(String),
      first_six_digits: '503175',
      cardholder: { name: 'APRO' },
    });
    const payment = await sdk().payment.create({
      body: paymentBody(token.id, { payment_method_id: 'master' }),
      requestOptions: freshKey(),
    });
    expect(payment.status).toBe('approved');
  });

  it('tokenizes a saved card from its id and the security code typed again', async () => {
    const mp = new MercadoPago(PUBLIC_KEY);
    const typed = await mp.createCardToken(card);
    const customer = await sdk().customer.create({ body: { email: `browser-${Date.now()}@example.com` } });
    const saved = await sdk().customerCard.create({
      customerId: customer.id as string,
      body: { token: typed.id },
    });
    const token = await mp.createCardToken({ cardId: saved.id as string, securityCode: '123' });
    expect(token).toMatchObject({ card_id: saved.id, last_four_digits: '0604', status: 'active' });
    await expect(mp.createCardToken({ cardId: saved.id as string, securityCode: '12' })).rejects.toEqual([
      expect.objectContaining({ code: 'E302' }),
    ]);
  });

  it('rejects with Mercado Pago causes for bad cards and a wrong public key', async () => {
    const mp = new MercadoPago(PUBLIC_KEY);
    await expect(mp.createCardToken({ ...card, cardNumber: '5031755734530605' })).rejects.toEqual([
      expect.objectContaining({ code: 'E301' }),
    ]);
    await expect(mp.getInstallments({ amount: '', bin: '50317557' })).rejects.toThrow(/amount is required/);
    await expect(new MercadoPago('TEST-wrong').getIdentificationTypes()).rejects.toEqual([
      expect.objectContaining({ code: '401' }),
    ]);
    expect(() => new MercadoPago('')).toThrow(/Public key/);
  });
});
