import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  settleWebhooks,
} from '../../../test/payments';
import { ownedRows, programOrdersOf, seedTestProgramCatalog } from '../../../test/programs';

const t = testAppForFile(
  () => createPaymentsTestApp({ RATE_LIMIT_ENABLED: 'false' }),
  seedTestProgramCatalog,
);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const buyProgram = (buyer: Buyer, token: string, idempotencyKey?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/mercadopago/payment/program',
    headers: { ...buyer.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: {
      programId: 'prog-abierto',
      cardDetails: {
        identification: { type: 'DNI', number: '12345678' },
        issuerId: '310',
        paymentMethodId: 'visa',
        cardTokenId: token,
      },
      installments: 1,
    },
  });

/** Taps `delays` ms after the first, each with a token of its own of one card. */
async function tapped(buyer: Buyer, delays: number[], key?: string): Promise<LightMyRequestResponse[]> {
  const document = String(20_000_000 + Math.floor(Math.random() * 70_000_000));
  const tokens = await Promise.all(
    delays.map(() => cardToken(t.emulator, 'APRO', document, { month: 8, year: 2032 })),
  );
  return Promise.all(
    delays.map(async (delay, i) => {
      await pause(delay);
      return buyProgram(buyer, tokens[i] ?? '', key);
    }),
  );
}

/** Charges the emulator made for her program (approved then; a refund afterwards still counts). */
const chargesAtProvider = (email: string) =>
  Object.values(t.emulator.control.state().payments).filter(
    (p) =>
      p.payer.email === email &&
      p.metadata.program_id === 'prog-abierto' &&
      ['approved', 'refunded', 'charged_back'].includes(p.status),
  );

describe('one charge per program checkout, however often it is sent', () => {
  it('five taps 0–90 ms apart, three rounds: one charge, never refunded, one purchase; the others are told she has it', async () => {
    for (let round = 0; round < 3; round++) {
      const buyer = await newBuyer(t.app);
      const answers = await tapped(buyer, [0, 20, 40, 60, 90]);
      await settleWebhooks(t.emulator);

      const approved = answers.filter((a) => a.statusCode === 200);
      expect(approved, `round ${round}: ${answers.map((a) => a.body).join(' | ')}`).toHaveLength(1);
      for (const other of answers.filter((a) => a.statusCode !== 200)) {
        expect(other.statusCode).toBe(409);
        expect(other.json()).toMatchObject({
          internalCode: expect.stringMatching(/^(ALREADY_PURCHASED|CHECKOUT_IN_PROGRESS)$/),
          message: expect.stringMatching(/^(¡Ya lo compraste!|Ya estamos procesando)/),
        });
      }
      const charges = chargesAtProvider(buyer.email);
      expect(charges).toHaveLength(1);
      expect(charges[0]?.status).toBe('approved');
      expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);
      expect((await programOrdersOf(t.app, buyer.userId)).filter((o) => o.status === 'paid')).toHaveLength(1);
    }
  });

  it('the same idempotency key answers the first submit’s outcome, in parallel and afterwards', async () => {
    const buyer = await newBuyer(t.app);
    const key = crypto.randomUUID();
    const answers = await tapped(buyer, [0, 40, 60], key);
    const [later] = await tapped(buyer, [0], key);
    await settleWebhooks(t.emulator);

    const first = answers[0];
    expect(first?.statusCode).toBe(200);
    expect(first?.json()).toMatchObject({ status: 'approved', programId: 'prog-abierto' });
    for (const again of [...answers.slice(1), later]) {
      expect(again?.statusCode).toBe(200);
      expect(again?.json()).toEqual(first?.json());
    }
    expect(chargesAtProvider(buyer.email)).toHaveLength(1);
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);
  });
});
