import type { AccountPayment, InstallmentOption } from '@alcancia/contract';
import { financingRates, formatRate } from '@alcancia/contract/prices';
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/accounts';
import { testAppForFile } from '../../../test/helpers';
import {
  cardToken,
  createPaymentsTestApp,
  eventually,
  newBuyer,
  settleWebhooks,
} from '../../../test/payments';
import { pdfText } from '../../../test/pdf-text';
import { payProgram, seedTestProgramCatalog } from '../../../test/programs';
import { pesos } from '../../lib/spanish-format';

// Issue 27 point 7 (decision 0103): what she pays in cuotas — the total, each cuota and the
// financing cost over the cash price — is stated the same at the checkout, in the confirmation
// mail, on the receipt and in Mi cuenta; a withdrawal gives all of it back.

const t = testAppForFile(createPaymentsTestApp, seedTestProgramCatalog);

async function herPayments(headers: { authorization: string }): Promise<AccountPayment[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { payments: AccountPayment[] }).payments;
}

async function receiptText(headers: { authorization: string }, paymentId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/users/me/payments/${paymentId}/receipt`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  // the PDF's font writes the no-break space of es-AR money as a plain space
  return (await pdfText(res.rawPayload)).replaceAll('\u00a0', ' ');
}

/** Money as the receipt prints it. */
const printed = (text: string) => text.replaceAll('\u00a0', ' ');

describe('a program bought in 6 cuotas with interest', () => {
  it('states the same total, cuota and financing cost at the checkout, in the mail, on the receipt and in Mi cuenta; a withdrawal returns all she paid', {
    timeout: 120_000,
  }, async () => {
    const buyer = await newBuyer(t.app);
    // The checkout's offer for this card (the provider's plans on the server price).
    const offer = await t.app.inject({
      method: 'GET',
      url: '/api/users/mercadopago/payment/program/prog-abierto/installments?bin=450995&paymentMethodId=visa',
      headers: buyer.headers,
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const cash = offer.json().amount as number;
    const six = (offer.json().options as InstallmentOption[]).find((o) => o.installments === 6);
    expect(six).toBeDefined();
    const { totalAmount: total, installmentAmount: each } = six as InstallmentOption;
    expect(cash).toBe(4_500_000);
    expect(total).toBeGreaterThan(cash); // with interest: she pays more than the cash price
    const financing = total - cash;

    const paid = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
      installments: 6,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await settleWebhooks(t.emulator);

    // Mi cuenta: the cash price, what she pays in all and each cuota.
    const [payment] = await herPayments(buyer.headers);
    // The rates beside the financed total (issue 39 point 7), as the checkout computes them.
    const { tna, cftea } = financingRates(cash, total, 6);
    expect(tna).toBeGreaterThan(0);
    expect(cftea).toBeGreaterThan(tna);
    expect(payment).toMatchObject({
      amount: cash,
      totalPaid: total,
      installments: 6,
      installmentAmount: each,
      refundedAmount: 0,
      returnedAmount: 0,
      tna: expect.closeTo(tna, 6),
      cftea: expect.closeTo(cftea, 6),
    });

    // The mail, in the checkout's words, with TNA and CFTEA.
    const rates = `TNA ${formatRate(tna)}; CFTEA ${formatRate(cftea)}`;
    const stated = `6 cuotas de ${pesos(each)} (total ${pesos(total)}; ${rates})`;
    const financingLine = `Precio de contado: ${pesos(cash)}. Costo de financiación de las cuotas: ${pesos(financing)}.`;
    await eventually(async () => {
      const [mail] = (await mailsTo(t.app, buyer.email)).filter((m) =>
        m.subject.startsWith('Confirmamos tu compra'),
      );
      expect(mail?.text).toContain(`Pagaste ${stated} con la tarjeta terminada en 3704`);
      expect(mail?.text).toContain(financingLine);
      expect(mail?.text).toContain(`devolución total de lo que pagaste (${pesos(total)})`);
      expect(mail?.text).not.toContain(`Pagaste ${pesos(cash)}`);
    });

    // The receipt.
    const receipt = await receiptText(buyer.headers, payment?.id as string);
    for (const line of [
      `Importe: ${pesos(total)} (ARS)`,
      `Cuotas: ${stated}`,
      `Precio de contado: ${pesos(cash)}`,
      `Costo de financiación: ${pesos(financing)}`,
    ]) {
      expect(receipt).toContain(printed(line));
    }

    // She withdraws: all she paid comes back, and every place says so.
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      headers: buyer.headers,
      payload: { paymentId: payment?.id },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await settleWebhooks(t.emulator);
    await eventually(async () => {
      const [after] = await herPayments(buyer.headers);
      expect(after).toMatchObject({ status: 'refunded', refundedAmount: cash, returnedAmount: total });
    });
    await eventually(async () => {
      const [mail] = (await mailsTo(t.app, buyer.email)).filter((m) =>
        m.subject.startsWith('Te arrepentiste'),
      );
      expect(mail?.text).toContain(`Importe que te devolvemos: ${pesos(total)}`);
    });
    expect(await receiptText(buyer.headers, payment?.id as string)).toContain(
      printed(`Importe devuelto: ${pesos(total)}`),
    );
  });

  it('in one payment and interest-free cuotas, the total is the cash price and no financing cost is stated', {
    timeout: 60_000,
  }, async () => {
    const buyer = await newBuyer(t.app);
    const paid = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
      installments: 3,
    });
    expect(paid.statusCode).toBe(200);
    const [payment] = await herPayments(buyer.headers);
    expect(payment).toMatchObject({ amount: 4_500_000, totalPaid: 4_500_000, installmentAmount: 1_500_000 });
    await eventually(async () => {
      const [mail] = (await mailsTo(t.app, buyer.email)).filter((m) =>
        m.subject.startsWith('Confirmamos tu compra'),
      );
      expect(mail?.text).toContain(
        `Pagaste 3 cuotas sin interés de ${pesos(1_500_000)} (total ${pesos(4_500_000)})`,
      );
      expect(mail?.text).not.toContain('Costo de financiación');
      expect(mail?.text).not.toContain('CFTEA');
    });
    const receipt = await receiptText(buyer.headers, payment?.id as string);
    expect(receipt).toContain(
      printed(`Cuotas: 3 cuotas sin interés de ${pesos(1_500_000)} (total ${pesos(4_500_000)})`),
    );
    expect(receipt).not.toContain('Costo de financiación');
  });
});
