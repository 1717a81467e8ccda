import type { AccountPayment } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import { cardToken, createPaymentsTestApp, newBuyer, settleWebhooks } from '../../../test/payments';
import { pdfText } from '../../../test/pdf-text';
import { payProgram, seedTestProgramCatalog } from '../../../test/programs';
import { payments, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';

const t = testAppForFile(
  () =>
    createPaymentsTestApp({
      BUSINESS_NAME: 'Finanzas de Prueba S.R.L.',
      BUSINESS_CUIT: '30-12345678-9',
      BUSINESS_ADDRESS: 'Calle Falsa 123, Rosario',
      BUSINESS_EMAIL: 'ventas@prueba.example',
    }),
  seedTestProgramCatalog,
);

async function paymentsOf(headers: { authorization: string }): Promise<AccountPayment[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { payments: AccountPayment[] }).payments;
}

describe('GET /api/users/me/payments', () => {
  it('lists her payments newest first, with method, installments, window and receipt', async () => {
    const buyer = await newBuyer(t.app);
    const refused = await payProgram(t.app, buyer.headers, {
      programId: 'prog-una-cuota',
      cardTokenId: await cardToken(t.emulator, 'FUND'),
    });
    expect(refused.statusCode).toBe(402);
    const paid = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
      installments: 3,
    });
    expect(paid.statusCode).toBe(200);
    await settleWebhooks(t.emulator);

    const list = await paymentsOf(buyer.headers);
    expect(list).toHaveLength(2);
    const [approved, rejected] = list;
    expect(approved).toMatchObject({
      concept: 'Programa Abierto',
      kind: 'program',
      productId: 'prog-abierto',
      amount: 4_500_000,
      refundedAmount: 0,
      currency: 'ARS',
      status: 'approved',
      installments: 3,
      withdrawableUntil: addToDate(argentinaDate(), { days: 10 }),
      revocationCode: null,
      receiptUrl: `/api/users/me/payments/${approved?.id}/receipt`,
    });
    expect(approved?.providerPaymentId).toMatch(/^\d+$/);
    expect(rejected).toMatchObject({ status: 'rejected', withdrawableUntil: null, receiptUrl: null });

    // what the provider said of the card is stored: brand and last four digits only
    const [row] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.id, Number(approved?.id)));
    expect(row).toMatchObject({ paymentMethod: 'visa', installments: 3, cardLastFour: '3704' });

    // someone else sees none of it
    const other = await newBuyer(t.app);
    expect(await paymentsOf(other.headers)).toEqual([]);
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/users/me/payments' });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('GET /api/users/me/payments/{id}/receipt', () => {
  it('is a PDF with the business, the buyer, the concept, the amount, the method and the operation', async () => {
    const buyer = await newBuyer(t.app);
    await t.app.db.update(users).set({ name: 'Ana Receipt' }).where(eq(users.id, buyer.userId));
    const paid = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
      installments: 3,
    });
    expect(paid.statusCode).toBe(200);
    const [payment] = await paymentsOf(buyer.headers);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/payments/${payment?.id}/receipt`,
      headers: buyer.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`comprobante-${payment?.providerPaymentId}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Comprobante de pago',
      'Finanzas de Prueba S.R.L.',
      'CUIT: 30-12345678-9',
      'Calle Falsa 123, Rosario',
      'ventas@prueba.example',
      'Ana Receipt',
      buyer.email,
      'Concepto: Programa Abierto',
      'Importe: $ 45.000,00 (ARS)',
      'Cuotas: 3 cuotas',
      'Medio de pago: Visa terminada en 3704',
      `Número de operación: ${payment?.providerPaymentId}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Devoluciones');

    // another person's payment, an unknown one, a refused one: no receipt
    const other = await newBuyer(t.app);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/payments/${payment?.id}/receipt`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const refused = await payProgram(t.app, other.headers, {
      programId: 'prog-una-cuota',
      cardTokenId: await cardToken(t.emulator, 'FUND'),
    });
    expect(refused.statusCode).toBe(402);
    const [rejected] = await paymentsOf(other.headers);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/payments/${rejected?.id}/receipt`,
      headers: other.headers,
    });
    expect(none.statusCode).toBe(404);
  });
});
