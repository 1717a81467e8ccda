import type { PaymentsAttention } from '@alcancia/contract/admin';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import { operatorSession } from '../../../test/operators';
import { cardToken, createPaymentsTestApp, MP, newBuyer, settleWebhooks } from '../../../test/payments';
import { ownedRows, payProgram, programOrdersOf, seedTestProgramCatalog } from '../../../test/programs';

// Issue 39 point 10, decision 0278: a grant compares the amount paid with the order's. An approved
// payment of one of our orders for another amount (a payment made at the provider with our
// reference, a link edited by hand) is held for an operator and listed, never granted.

const t = testAppForFile(createPaymentsTestApp, seedTestProgramCatalog);

/** An approved payment made at the provider directly, carrying the order's external reference. */
async function chargeAtProvider(externalReference: string, amountPesos: number, email: string) {
  const res = await fetch(`${t.emulator.url}/v1/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${MP.accessToken}` },
    body: JSON.stringify({
      transaction_amount: amountPesos,
      token: await cardToken(t.emulator, 'APRO'),
      installments: 1,
      payment_method_id: 'visa',
      payer: { email, identification: { type: 'DNI', number: '12345678' } },
      external_reference: externalReference,
      notification_url: `${t.url}/api/payments/webhooks/mercadopago`,
    }),
  });
  const body = (await res.json()) as { id?: number; status?: string };
  expect(body.status).toBe('approved');
  return String(body.id);
}

async function attention(headers: Record<string, string>): Promise<PaymentsAttention> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/payments/attention', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentsAttention;
}

describe('a payment whose amount differs from its order’s (issue 39 point 10)', () => {
  it('is held for an operator, listed in the attention list, not granted; the operator refunds it', async () => {
    const buyer = await newBuyer(t.app);
    // her checkout of the 45.000 program is in review at the provider
    const checkout = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'CONT'),
    });
    expect(checkout.statusCode, checkout.body).toBe(202);
    const [order] = await programOrdersOf(t.app, buyer.userId);
    const orderId = order?.id ?? '';

    // a payment of $ 1 approved at the provider with the order's reference
    const providerPaymentId = await chargeAtProvider(`program:${orderId}`, 1, buyer.email);
    await settleWebhooks(t.emulator);

    // nothing granted: the program is not hers, the order still waits
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(0);
    expect((await programOrdersOf(t.app, buyer.userId))[0]?.status).toBe('pending');

    const support = await operatorSession(t.app, 'support');
    const listed = (await attention(support.headers)).heldPayments;
    expect(listed).toEqual([
      expect.objectContaining({
        orderId,
        providerPaymentId,
        status: 'approved',
        amount: 100,
        orderAmount: 4_500_000,
        refundableAmount: 100,
        heldReason: "amount 100 differs from the order's 4500000",
      }),
    ]);

    // the operator gives it back; it leaves the list
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${listed[0]?.id}/refunds`,
      headers: support.headers,
      payload: { reason: 'Pago por un importe que no corresponde' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refund.status).toBe('SUCCESS');
    expect((await attention(support.headers)).heldPayments).toEqual([]);
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(0);

    // her own checkout, for the right amount, still grants once it is approved
    const charge = Object.values(t.emulator.control.state().payments).find(
      (p) => p.external_reference === `program:${orderId}` && p.status === 'in_process',
    );
    t.emulator.control.settlePayment(charge?.id ?? 0, 'approved');
    await settleWebhooks(t.emulator);
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);
    expect((await programOrdersOf(t.app, buyer.userId))[0]?.status).toBe('paid');
  });
});
