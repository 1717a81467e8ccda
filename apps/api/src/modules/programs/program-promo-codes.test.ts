import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { eventually, newBuyer } from '../../../test/payments';
import {
  givePurchase,
  ownedRows,
  promoUses,
  purchasesOf,
  seedTestProgramCatalog,
} from '../../../test/programs';

const t = testAppForFile(createTestApp, seedTestProgramCatalog);

const availability = (programId: string, code: string, headers: { authorization?: string }) =>
  t.app.inject({
    method: 'GET',
    url: `/api/academy/program/${programId}/promo-code/${encodeURIComponent(code)}/availability`,
    headers,
  });
const activate = (programId: string, code: string, headers: { authorization?: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/academy/program/${programId}/promo-code/${encodeURIComponent(code)}/activate`,
    headers,
  });

describe('GET /api/academy/program/{programId}/promo-code/{code}/availability', () => {
  it('says FREE for a code that gives the program away and DISCOUNT for a discount', async () => {
    const buyer = await newBuyer(t.app);
    expect((await availability('prog-abierto', 'prog-gratis', buyer.headers)).json()).toEqual({
      availability: 'FREE',
    });
    expect((await availability('prog-abierto', 'PROG-25', buyer.headers)).json()).toEqual({
      availability: 'DISCOUNT',
    });
    expect((await availability('prog-futuro', 'PROG-FUTURO-10', buyer.headers)).json()).toEqual({
      availability: 'DISCOUNT',
    });
  });

  it.each([
    ['prog-abierto', 'NO-EXISTE', 'Not found promo code'],
    ['prog-abierto', 'PROG-VENCIDO', 'Expired promo code'],
    ['prog-abierto', 'PROG-PAUSADO', 'Inactive promo code'],
    ['prog-abierto', 'PROG-BAJA', 'Disabled promo code'],
    ['prog-abierto', 'PROG-AGOTADO', 'Exhausted promo code'],
    ['prog-abierto', 'PROG-MEXICO', 'The user does not have a allowed country code for the promo code'],
    ['prog-abierto', 'SUSC-20', 'PromoCode type error'],
    ['prog-una-cuota', 'PROG-GRATIS', 'PromoCode type error'],
  ])('on %s refuses %s with PROMO_CODE "%s"', async (programId, code, message) => {
    const buyer = await newBuyer(t.app);
    const res = await availability(programId, code, buyer.headers);
    expect(res.json()).toEqual({ internalCode: 'PROMO_CODE', message });
  });

  it('needs a session and a real program', async () => {
    expect((await availability('prog-abierto', 'PROG-25', {})).statusCode).toBe(401);
    const buyer = await newBuyer(t.app);
    expect((await availability('no-existe', 'PROG-25', buyer.headers)).json().internalCode).toBe('NOT_FOUND');
  });
});

describe('POST /api/academy/program/{programId}/promo-code/{code}/activate', () => {
  it('grants the program without payment, once: the second activation is alreadyPromoCode', async () => {
    const buyer = await newBuyer(t.app);
    const usesBefore = await promoUses(t.app, 'PROG-GRATIS');
    const res = await activate('prog-abierto', 'PROG-GRATIS', buyer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ activated: true, programId: 'prog-abierto' });
    expect(await purchasesOf(t.app, buyer.headers)).toEqual({ programs: ['prog-abierto'] });
    expect(await promoUses(t.app, 'PROG-GRATIS')).toBe(usesBefore + 1);
    const course = await t.app.inject({
      method: 'GET',
      url: '/api/academy/prog-abierto',
      headers: buyer.headers,
    });
    expect(course.statusCode).toBe(200);

    const again = await activate('prog-abierto', 'PROG-GRATIS', buyer.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      internalCode: 'PROMO_CODE',
      message: 'The user already used the promo code',
    });
    // the same code on its other program: also used
    const other = await activate('prog-hosted', 'PROG-GRATIS', buyer.headers);
    expect(other.json().message).toBe('The user already used the promo code');
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);
    expect(await promoUses(t.app, 'PROG-GRATIS')).toBe(usesBefore + 1);
    // One mail confirms it (decision 88); the refused activations mail nothing.
    await eventually(async () => {
      const mails = (await mailsTo(t.app, buyer.email)).filter((m) => m.subject.startsWith('Ya tenés'));
      expect(mails.map((m) => m.subject)).toEqual(['Ya tenés Programa Abierto']);
      expect(mails[0]?.text).toContain('Activaste el código PROG-GRATIS');
      expect(mails[0]?.text).toContain('/academy/prog-abierto');
    });
  });

  it('grants once under two activations at the same moment', async () => {
    const buyer = await newBuyer(t.app);
    const usesBefore = await promoUses(t.app, 'PROG-GRATIS');
    const results = await Promise.all([
      activate('prog-abierto', 'PROG-GRATIS', buyer.headers),
      activate('prog-abierto', 'PROG-GRATIS', buyer.headers),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().internalCode).toBe('PROMO_CODE');
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);
    expect(await promoUses(t.app, 'PROG-GRATIS')).toBe(usesBefore + 1);
  });

  it('gives a single-use code to exactly one of two users activating at once', async () => {
    const [ana, bea] = [await newBuyer(t.app), await newBuyer(t.app)];
    const results = await Promise.all([
      activate('prog-una-cuota', 'PROG-UNICO-GRATIS', ana.headers),
      activate('prog-una-cuota', 'PROG-UNICO-GRATIS', bea.headers),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe('Exhausted promo code');
    const owners =
      (await ownedRows(t.app, ana.userId, 'prog-una-cuota')) +
      (await ownedRows(t.app, bea.userId, 'prog-una-cuota'));
    expect(owners).toBe(1);
    expect(await promoUses(t.app, 'PROG-UNICO-GRATIS')).toBe(1);
  });

  it('refuses a discount code (PROGRAM_NOT_FREE), an owned program and the audience, keeping the code', async () => {
    const buyer = await newBuyer(t.app);
    const discount = await activate('prog-abierto', 'PROG-25', buyer.headers);
    expect(discount.statusCode).toBe(400);
    expect(discount.json()).toEqual({
      internalCode: 'PROGRAM_NOT_FREE',
      message: 'Este código no regala el programa: aplicalo en el pago.',
    });
    await givePurchase(t.app, buyer.userId, 'programs', 'prog-abierto');
    const usesBefore = await promoUses(t.app, 'PROG-GRATIS');
    const owned = await activate('prog-abierto', 'PROG-GRATIS', buyer.headers);
    expect(owned.json().internalCode).toBe('ALREADY_PURCHASED');
    expect(await promoUses(t.app, 'PROG-GRATIS')).toBe(usesBefore);
    // not used: still good for its other program
    expect((await activate('prog-hosted', 'PROG-GRATIS', buyer.headers)).statusCode).toBe(200);
  });

  it('refuses an account outside Argentina as the program checkout does (COUNTRY_NOT_ALLOWED), keeping the code', async () => {
    const mexican = await newBuyer(t.app, 'MX');
    const usesBefore = await promoUses(t.app, 'PROG-UNICO-GRATIS');
    const refused = await activate('prog-una-cuota', 'PROG-UNICO-GRATIS', mexican.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      internalCode: 'COUNTRY_NOT_ALLOWED',
      message: 'La compra de programas está disponible solo para cuentas de Argentina.',
    });
    expect(await purchasesOf(t.app, mexican.headers)).toEqual({});
    expect(await promoUses(t.app, 'PROG-UNICO-GRATIS')).toBe(usesBefore);
    // An invalid code gets the same answer: the country is checked before the code is looked at.
    expect((await activate('prog-abierto', 'NO-EXISTE', mexican.headers)).json().internalCode).toBe(
      'COUNTRY_NOT_ALLOWED',
    );
    expect((await mailsTo(t.app, mexican.email)).filter((m) => m.subject.startsWith('Ya tenés'))).toEqual([]);
  });

  it('activates only for the caller, and needs a session', async () => {
    const [ana, bea] = [await newBuyer(t.app), await newBuyer(t.app)];
    expect((await activate('prog-abierto', 'PROG-GRATIS', {})).statusCode).toBe(401);
    expect((await activate('prog-abierto', 'PROG-GRATIS', bea.headers)).statusCode).toBe(200);
    expect(await purchasesOf(t.app, ana.headers)).toEqual({});
    expect((await activate('prog-abierto', 'PROG-GRATIS', ana.headers)).statusCode).toBe(200);
  });
});
