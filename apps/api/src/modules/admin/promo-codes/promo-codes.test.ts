import type { CreatePromoCodesResponse, PromoCodeChoices, PromoCodeDetail } from '@alcancia/contract/admin';
import { describe, expect, it } from 'vitest';
import { operatorSession } from '../../../../test/operators';
import { cardToken, newBuyer, ordersOf } from '../../../../test/payments';
import { payProgram, programOrdersOf } from '../../../../test/programs';
import { adminTestApp, auditEntries, subscribedBuyer } from '../core/admin-test-setup';

const t = adminTestApp();
const auditOf = (action: string, targetId: string) => auditEntries(t, action, targetId);

describe('promo codes made in the back office', () => {
  it('a code created here discounts a real checkout; who used it and the discount are listed', async () => {
    const support = await operatorSession(t.app, 'support');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: support.headers,
      payload: {
        code: 'PANEL30',
        type: 'DISCOUNT_COUPON',
        description: 'Treinta por ciento del panel',
        discountPercent: 30,
        planIds: ['basico'],
        frequencies: ['monthly'],
        maxUses: 5,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as CreatePromoCodesResponse).codes[0]).toMatchObject({
      code: 'PANEL30',
      status: 'active',
      uses: 0,
    });
    const buyer = await subscribedBuyer(t, 'panel30');
    const [order] = await ordersOf(t.app, buyer.userId);
    expect(order?.amount_centavos).toBe(700_000);

    const detail = (
      await t.app.inject({ method: 'GET', url: '/api/admin/promo-codes/PANEL30', headers: support.headers })
    ).json() as PromoCodeDetail;
    expect(detail.promoCode.uses).toBe(1);
    expect(detail.redemptions).toEqual([
      expect.objectContaining({ memberId: buyer.userId, email: buyer.email, discount: 300_000 }),
    ]);
    expect(await auditOf('promo_code.create', 'PANEL30')).toHaveLength(1);

    // a name taken (any case) is refused in Spanish
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: support.headers,
      payload: { code: 'panel30', type: 'PROGRAM_FREE' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields[0]).toMatchObject({ path: 'code', message: 'Ya existe el código panel30.' });
  });

  it('a batch of unique codes; each gives a program at its checkout once; pause and end work there', async () => {
    const admin = await operatorSession(t.app, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: admin.headers,
      payload: {
        batch: { count: 25, prefix: 'lote' },
        type: 'PROGRAM_DISCOUNT',
        discountPercent: 50,
        programIds: ['prog-abierto'],
        maxUses: 1,
        allowedCountryCodes: ['AR'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json() as CreatePromoCodesResponse;
    expect(batch.codes).toHaveLength(25);
    expect(new Set(batch.codes.map((c) => c.code.toLowerCase())).size).toBe(25);
    expect(batch.codes.every((c) => /^LOTE-[A-Z2-9]{8}$/.test(c.code) && c.batchId === batch.batchId)).toBe(
      true,
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/promo-codes?batchId=${batch.batchId}&pageSize=10`,
      headers: admin.headers,
    });
    expect(listed.json()).toMatchObject({ hasMore: true, items: expect.any(Array) });
    expect(await auditOf('promo_code.create_batch', batch.batchId ?? '')).toHaveLength(1);

    const [first, second] = batch.codes;
    const buyer = await newBuyer(t.app);
    const paid = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator),
      promoCode: first?.code,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await programOrdersOf(t.app, buyer.userId);
    expect(order?.amount_centavos).toBe(2_250_000);

    // paused: the checkout says so; resumed: it works again; ended: for good
    const patch = (code: string, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/promo-codes/${code}`,
        headers: admin.headers,
        payload,
      });
    expect((await patch(second?.code ?? '', { status: 'paused' })).json().status).toBe('paused');
    const other = await newBuyer(t.app);
    const pausedTry = await payProgram(t.app, other.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator),
      promoCode: second?.code,
    });
    expect(pausedTry.json().message).toBe('Inactive promo code');
    expect((await patch(second?.code ?? '', { status: 'active' })).json().status).toBe('active');
    expect((await patch(second?.code ?? '', { status: 'ended' })).json().status).toBe('ended');
    const resume = await patch(second?.code ?? '', { status: 'active' });
    expect(resume.statusCode).toBe(409);
    const audits = await auditOf('promo_code.update', second?.code ?? '');
    expect(audits).toHaveLength(3);
    expect(audits.map((a) => (a.after as { disabled: boolean }).disabled)).toContain(true);
  });

  it('rules are checked: dates in order, a discount for discounts, plans and programs that exist', async () => {
    const support = await operatorSession(t.app, 'support');
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: support.headers, payload });
    const badDates = await post({
      code: 'FECHAS',
      type: 'PROGRAM_FREE',
      validFrom: '2030-02-01',
      validUntil: '2030-01-01',
    });
    expect(badDates.statusCode).toBe(400);
    expect(JSON.stringify(badDates.json())).toContain(
      'La fecha de fin no puede ser anterior a la de inicio.',
    );
    expect((await post({ code: 'SINDESC', type: 'DISCOUNT_COUPON' })).statusCode).toBe(400);
    const noPlan = await post({ code: 'SINPLAN', type: 'FREE_PERIOD', freeDays: 10, planId: 'no-existe' });
    expect(noPlan.statusCode).toBe(400);
    expect(noPlan.json().fields[0].message).toBe('No existe el plan no-existe.');
    expect((await post({ code: 'BOTH', batch: { count: 2 }, type: 'PROGRAM_FREE' })).statusCode).toBe(400);
  });
});

describe('what a code may be limited to, by name (issue 40)', () => {
  it('support gets the plans and the programs and packs by name, never a course; an editor may not', async () => {
    const support = await operatorSession(t.app, 'support');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/promo-code-choices',
      headers: support.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const choices = res.json() as PromoCodeChoices;
    expect(choices.plans).toContainEqual({ id: 'basico', name: expect.any(String) });
    for (const plan of choices.plans) expect(plan.name).not.toBe('');
    expect(choices.products).toContainEqual({
      id: 'prog-abierto',
      name: 'Programa Abierto',
      kind: 'PROGRAM',
      published: true,
    });
    expect(choices.products.every((product) => product.kind === 'PROGRAM' || product.kind === 'PACK')).toBe(
      true,
    );
    expect(choices.products.map((product) => product.id)).not.toContain('curso-comun');

    const editor = await operatorSession(t.app, 'editor');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/promo-code-choices',
      headers: editor.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
