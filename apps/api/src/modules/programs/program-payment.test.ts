import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/accounts';
import { testAppForFile } from '../../../test/helpers';
import {
  cardToken,
  createPaymentsTestApp,
  eventually,
  MP,
  newBuyer,
  settleWebhooks,
} from '../../../test/payments';
import {
  makeSubscriber,
  ownedRows,
  payProgram,
  programOrdersOf,
  promoUses,
  purchasesOf,
  seedTestProgramCatalog,
} from '../../../test/programs';
import { argentinaDate } from '../../lib/argentina-date';
import { spanishDate } from '../../lib/spanish-format';
import { addToDate } from '../../lib/subscription-dates';

const t = testAppForFile(createPaymentsTestApp, seedTestProgramCatalog);

/** The emulator's payments for one program (our metadata names it). */
const providerPayments = (programId: string) =>
  Object.values(t.emulator.control.state().payments).filter((p) => p.metadata.program_id === programId);
const providerPaymentCount = () => Object.keys(t.emulator.control.state().payments).length;

describe('POST /api/users/mercadopago/payment/program', () => {
  it('charges the server price in 3 installments, grants on approval and shows it in GET /users', async () => {
    const buyer = await newBuyer(t.app);
    const res = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
      installments: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'approved',
      programId: 'prog-abierto',
      amount: 4_500_000,
      installments: 3,
    });
    const [order] = await programOrdersOf(t.app, buyer.userId);
    expect(order).toMatchObject({
      status: 'paid',
      provider: 'MP',
      amount_centavos: 4_500_000,
      payments: 1,
      granted: 1,
    });
    const charged = providerPayments('prog-abierto').filter(
      (p) => p.external_reference === `program:${order?.id}`,
    );
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ transaction_amount: 45000, installments: 3, status: 'approved' });
    expect(charged[0]?.payer.identification).toEqual({ type: 'DNI', number: '12345678' });
    expect(await purchasesOf(t.app, buyer.headers)).toEqual({ programs: ['prog-abierto'] });

    // The webhook (and its replays) find it granted: still one purchase, one grant.
    await settleWebhooks(t.emulator);
    await t.emulator.control.replayPaymentNotification(charged[0]?.id ?? 0, 3);
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);
    expect(await programOrdersOf(t.app, buyer.userId)).toMatchObject([
      { status: 'paid', payments: 1, granted: 1 },
    ]);

    // One confirmation mail (decision 88), whatever the replays: what she paid, how, the
    // operation's number and the last day of her withdrawal window (approval + 10 days).
    await eventually(async () => {
      const confirmations = (await mailsTo(t.app, buyer.email)).filter((m) =>
        m.subject.startsWith('Confirmamos tu compra'),
      );
      expect(confirmations.map((m) => m.subject)).toEqual(['Confirmamos tu compra: Programa Abierto']);
      const text = confirmations[0]?.text ?? '';
      expect(text).toMatch(
        /Pagaste 3 cuotas sin interés de \$\s15\.000,00 \(total \$\s45\.000,00\) con la tarjeta terminada en \d{4}/,
      );
      expect(text).toContain(`Número de operación: ${charged[0]?.id}.`);
      expect(text).toContain(
        `tenés hasta el ${spanishDate(addToDate(argentinaDate(), { days: 10 }))} (10 días corridos)`,
      );
      expect(text).toContain('/mi-cuenta/pagos');
    });

    // Owned: the course opens, and the preview says so.
    const course = await t.app.inject({
      method: 'GET',
      url: '/api/academy/prog-abierto',
      headers: buyer.headers,
    });
    expect(course.statusCode).toBe(200);
    const preview = await t.app.inject({
      method: 'GET',
      url: '/api/academy/program-preview/prog-abierto',
      headers: buyer.headers,
    });
    expect(preview.json().internalCode).toBe('ALREADY_PURCHASED');
  });

  it('refuses paying again for an owned program before asking the provider anything', async () => {
    const buyer = await newBuyer(t.app);
    const first = await payProgram(t.app, buyer.headers, {
      programId: 'prog-una-cuota',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
    });
    expect(first.statusCode).toBe(200);
    await settleWebhooks(t.emulator);
    const token = await cardToken(t.emulator, 'APRO');
    const before = providerPaymentCount();
    const again = await payProgram(t.app, buyer.headers, { programId: 'prog-una-cuota', cardTokenId: token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ internalCode: 'ALREADY_PURCHASED', message: '¡Ya lo compraste!' });
    expect(providerPaymentCount()).toBe(before);
    // the card token was not even used
    expect(t.emulator.control.state().cardTokens[token]?.resource.status).toBe('active');
    expect(await programOrdersOf(t.app, buyer.userId)).toHaveLength(1);
  });

  it('sells a pack: it lands under packs and opens its programs', async () => {
    const buyer = await newBuyer(t.app);
    const res = await payProgram(t.app, buyer.headers, {
      programId: 'pack-combo',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
      installments: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(await purchasesOf(t.app, buyer.headers)).toEqual({ packs: ['pack-combo'] });
    const inside = await payProgram(t.app, buyer.headers, {
      programId: 'prog-en-pack',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
    });
    expect(inside.json().internalCode).toBe('ALREADY_PURCHASED');
  });

  it.each([
    ['FUND', 'INSUFFICIENT_AMOUNT'],
    ['CALL', 'CALL_FOR_AUTHORIZE'],
    ['SECU', 'FILLED_SECURITY_CODE'],
    ['EXPI', 'FILLED_DATE'],
    ['OTHE', 'UNEXPECTED_ERROR'],
  ])('refuses a %s card with 402 refusedReason %s and grants nothing', async (cardholder, refusedReason) => {
    const buyer = await newBuyer(t.app);
    const res = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, cardholder),
      installments: 3,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ internalCode: 'PAYMENT_REFUSED', refusedReason });
    expect(res.json().message).toEqual(expect.any(String));
    await settleWebhooks(t.emulator);
    expect(await programOrdersOf(t.app, buyer.userId)).toMatchObject([
      { status: 'refused', refused_reason: refusedReason, payments: 1, granted: 0 },
    ]);
    expect(await purchasesOf(t.app, buyer.headers)).toEqual({});
  });

  it('answers 202 for a payment in process; the provider’s later approval grants it through the webhook', async () => {
    const buyer = await newBuyer(t.app);
    const res = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'CONT'),
      installments: 6,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'pending', programId: 'prog-abierto', installments: 6 });
    expect(await purchasesOf(t.app, buyer.headers)).toEqual({});
    const [order] = await programOrdersOf(t.app, buyer.userId);
    expect(order?.status).toBe('pending');

    // While it is in process, a second payment of the same program is refused (no double charge).
    const before = providerPaymentCount();
    const second = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().internalCode).toBe('PROGRAM_PAYMENT_PENDING');
    expect(providerPaymentCount()).toBe(before);

    const payment = providerPayments('prog-abierto').find(
      (p) => p.external_reference === `program:${order?.id}`,
    );
    t.emulator.control.settlePayment(payment?.id ?? 0, 'approved');
    await eventually(async () => {
      expect(await purchasesOf(t.app, buyer.headers)).toEqual({ programs: ['prog-abierto'] });
    });
    expect(await programOrdersOf(t.app, buyer.userId)).toMatchObject([{ status: 'paid', granted: 1 }]);
  });

  it('refuses installments over the program’s maximum, or a count the provider does not offer, without charging', async () => {
    const buyer = await newBuyer(t.app);
    const before = providerPaymentCount();
    for (const [programId, installments] of [
      ['prog-abierto', 12],
      ['prog-una-cuota', 3],
      ['prog-abierto', 2],
    ] as const) {
      const res = await payProgram(t.app, buyer.headers, {
        programId,
        cardTokenId: await cardToken(t.emulator, 'APRO'),
        installments,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().internalCode).toBe('INSTALLMENTS_NOT_ALLOWED');
    }
    expect(providerPaymentCount()).toBe(before);
    expect(await programOrdersOf(t.app, buyer.userId)).toEqual([]);
  });

  it('refuses outside the sale window (OUT_OF_SALE_WINDOW) and the other guards, before any charge', async () => {
    const buyer = await newBuyer(t.app);
    const mexican = await newBuyer(t.app, 'MX');
    const before = providerPaymentCount();
    const attempt = async (headers: { authorization: string }, programId: string) =>
      payProgram(t.app, headers, { programId, cardTokenId: await cardToken(t.emulator, 'APRO') });
    const cases: [Awaited<ReturnType<typeof attempt>>, number, string][] = [
      [await attempt(buyer.headers, 'prog-futuro'), 409, 'OUT_OF_SALE_WINDOW'],
      [await attempt(buyer.headers, 'prog-cerrado'), 409, 'OUT_OF_SALE_WINDOW'],
      [await attempt(buyer.headers, 'prog-suscriptoras'), 403, 'ONLY_SUBSCRIBERS'],
      [await attempt(buyer.headers, 'prog-hosted'), 409, 'CHECKOUT_PROVIDER_MISMATCH'],
      [await attempt(buyer.headers, 'curso-comun'), 400, 'NOT_PROGRAM'],
      [await attempt(buyer.headers, 'no-existe'), 404, 'NOT_FOUND'],
      [await attempt(mexican.headers, 'prog-abierto'), 403, 'COUNTRY_NOT_ALLOWED'],
    ];
    for (const [res, status, internalCode] of cases) {
      expect({ status: res.statusCode, internalCode: res.json().internalCode }).toEqual({
        status,
        internalCode,
      });
    }
    expect(cases[0]?.[0].json().message).toBe('Este programa no está a la venta en este momento.');
    expect(providerPaymentCount()).toBe(before);

    await makeSubscriber(t.app, buyer.userId);
    const sinSuscripcion = await attempt(buyer.headers, 'prog-sin-suscripcion');
    expect(sinSuscripcion.json().internalCode).toBe('ONLY_UNSUBSCRIBERS');
    const unauthenticated = await payProgram(t.app, {} as { authorization: string }, {
      programId: 'prog-abierto',
      cardTokenId: 'x',
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('charges the discounted price with a program promo code, once per user; a refusal gives the code back', async () => {
    const buyer = await newBuyer(t.app);
    const usesBefore = await promoUses(t.app, 'PROG-25');
    const refused = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'FUND'),
      promoCode: 'prog-25',
    });
    expect(refused.statusCode).toBe(402);
    await settleWebhooks(t.emulator);
    expect(await promoUses(t.app, 'PROG-25')).toBe(usesBefore);

    const res = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
      installments: 3,
      promoCode: 'PROG-25',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', amount: 3_375_000 });
    const orders = await programOrdersOf(t.app, buyer.userId);
    expect(orders[1]).toMatchObject({ status: 'paid', amount_centavos: 3_375_000 });
    expect(
      providerPayments('prog-abierto').find((p) => p.external_reference === `program:${orders[1]?.id}`),
    ).toMatchObject({
      transaction_amount: 33750,
    });
    expect(await promoUses(t.app, 'PROG-25')).toBe(usesBefore + 1);

    // used once: not again, on another program
    const again = await payProgram(t.app, buyer.headers, {
      programId: 'pack-combo',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
      promoCode: 'PROG-25',
    });
    expect(again.json()).toEqual({
      internalCode: 'PROMO_CODE',
      message: 'The user already used the promo code',
    });
    // a code that gives the program away is activated, not paid
    const other = await newBuyer(t.app);
    const free = await payProgram(t.app, other.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
      promoCode: 'PROG-GRATIS',
    });
    expect(free.json()).toEqual({ internalCode: 'PROMO_CODE', message: 'PromoCode type error' });
    expect(await programOrdersOf(t.app, other.userId)).toEqual([]);
  });

  it('refuses a token made from a card saved for someone else (403), with nothing charged', async () => {
    // a card saved at the provider for another customer, tokenized from its id as MercadoPago.js does
    const provider = async (path: string, body: object) => {
      const response = await fetch(`${t.emulator.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${MP.accessToken}` },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { id: string };
    };
    const customer = await provider('/v1/customers', { email: 'otra-clienta@example.com' });
    const saved = await provider(`/v1/customers/${customer.id}/cards`, {
      token: await cardToken(t.emulator, 'APRO'),
    });
    const fromSavedCard = await fetch(`${t.emulator.url}/v1/card_tokens?public_key=${MP.publicKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card_id: saved.id, security_code: '123' }),
    });
    const { id: tokenId } = (await fromSavedCard.json()) as { id: string };
    const buyer = await newBuyer(t.app);
    const before = providerPaymentCount();
    const res = await payProgram(t.app, buyer.headers, { programId: 'prog-una-cuota', cardTokenId: tokenId });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().internalCode).toBe('CARD_NOT_YOURS');
    expect(providerPaymentCount()).toBe(before);
    expect(await programOrdersOf(t.app, buyer.userId)).toEqual([]);
    expect(await purchasesOf(t.app, buyer.headers)).toEqual({});
  });

  it('grants only the caller: a user id in the body is ignored', async () => {
    const ana = await newBuyer(t.app);
    const bea = await newBuyer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/mercadopago/payment/program',
      headers: bea.headers,
      payload: {
        programId: 'prog-una-cuota',
        userId: ana.userId,
        cardDetails: {
          identification: { type: 'DNI', number: '1' },
          paymentMethodId: 'visa',
          cardTokenId: await cardToken(t.emulator, 'APRO'),
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await purchasesOf(t.app, bea.headers)).toEqual({ programs: ['prog-una-cuota'] });
    expect(await purchasesOf(t.app, ana.headers)).toEqual({});
    expect(await programOrdersOf(t.app, ana.userId)).toEqual([]);
  });
});

describe('GET /api/users/mercadopago/payment/program/{programId}/installments', () => {
  const installments = (programId: string, query: string, headers: { authorization: string }) =>
    t.app.inject({
      method: 'GET',
      url: `/api/users/mercadopago/payment/program/${programId}/installments${query}`,
      headers,
    });

  it('gives the provider’s options for the card on the server price, cut to the program’s maximum', async () => {
    const buyer = await newBuyer(t.app);
    const res = await installments('prog-abierto', '?bin=45099535', buyer.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ maxInstallments: 6, amount: 4_500_000 });
    expect(body.options.map((o: { installments: number }) => o.installments)).toEqual([1, 3, 6]);
    expect(body.options[1]).toMatchObject({
      installments: 3,
      installmentAmount: 1_500_000,
      totalAmount: 4_500_000,
      interestFree: true,
    });
    expect(body.options[1].recommendedMessage).toContain('3 cuotas');
    expect(body.options[2]).toMatchObject({ installments: 6, totalAmount: 5_400_000, interestFree: false });

    const single = await installments('prog-una-cuota', '?bin=45099535&paymentMethodId=visa', buyer.headers);
    expect(single.json()).toMatchObject({ maxInstallments: 1, amount: 1_000_000 });
    expect(single.json().options.map((o: { installments: number }) => o.installments)).toEqual([1]);

    const discounted = await installments('prog-abierto', '?bin=45099535&promoCode=PROG-25', buyer.headers);
    expect(discounted.json().amount).toBe(3_375_000);
    expect(discounted.json().options[1].installmentAmount).toBe(1_125_000);

    const badCode = await installments('prog-abierto', '?bin=45099535&promoCode=NOPE', buyer.headers);
    expect(badCode.json()).toEqual({ internalCode: 'PROMO_CODE', message: 'Not found promo code' });
    const badBin = await installments('prog-abierto', '?bin=12', buyer.headers);
    expect(badBin.statusCode).toBe(400);
    const anonymous = await installments('prog-abierto', '?bin=45099535', {} as { authorization: string });
    expect(anonymous.statusCode).toBe(401);
  });
});
