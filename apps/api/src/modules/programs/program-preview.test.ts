import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { newBuyer } from '../../../test/payments';
import { givePurchase, makeSubscriber, seedTestProgramCatalog } from '../../../test/programs';

const transferUrl = 'https://pagos.example.com/transferencia';
const t = testAppForFile(
  () => createTestApp({ TRANSFER_PAYMENT_PROGRAM_ID: 'prog-abierto', TRANSFER_PAYMENT_URL: transferUrl }),
  seedTestProgramCatalog,
);

// Each preview from a client address of its own: the file's visitor previews with a code must not
// spend one address's promo-lookup budget (10 in 10 minutes), tested on its own below.
let addresses = 0;
const preview = (programId: string, query = '', headers: Record<string, string> = {}) => {
  addresses++;
  return t.app.inject({
    method: 'GET',
    url: `/api/academy/program-preview/${programId}${query}`,
    headers,
    remoteAddress: `10.41.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
  });
};

describe('GET /api/academy/program-preview/{programId}', () => {
  it('shows an anonymous visitor the server price, installments, sale window and modules without content', async () => {
    const res = await preview('prog-abierto');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      isProgram: true,
      id: 'prog-abierto',
      type: 'PROGRAM',
      name: 'Programa Abierto',
      thumbnail: '/media/thumbnails/prog-abierto.svg',
      long_description: 'Primer párrafo.\nSegundo párrafo.',
      price: 4_500_000,
      regularPrice: 6_000_000,
      discountApplied: 25,
      promoCodeApplied: null,
      modulesAmount: 2,
      classesAmount: 3,
      saleStatus: 'OPEN',
      isFree: false,
      installments: 6,
      declinedPaymentFormUrl: 'https://forms.example.com/rechazo?programa=prog-abierto',
      // country unknown counts as Argentina
      transferPaymentUrl: transferUrl,
    });
    expect(body.modules.map((m: { name: string }) => m.name)).toEqual(['Bienvenida', 'Tu plan']);
    expect(body.modules[0].sections).toHaveLength(2);
    const urls = body.modules.flatMap((m: { sections: { section_url: unknown }[] }) =>
      m.sections.map((s) => s.section_url),
    );
    expect(urls).toEqual([null, null, null, null]);
    expect(res.body).not.toContain('/media/videos/');
  });

  it('gives the transfer link only for the configured program and Argentine users', async () => {
    expect((await preview('prog-abierto', '?countryCode=MX')).json().transferPaymentUrl).toBeNull();
    expect((await preview('prog-abierto', '?countryCode=AR')).json().transferPaymentUrl).toBe(transferUrl);
    expect((await preview('prog-una-cuota', '?countryCode=AR')).json().transferPaymentUrl).toBeNull();
    // with a token the account's country decides, not the query
    const mexican = await newBuyer(t.app, 'MX');
    const res = await preview('prog-abierto', '?countryCode=AR', mexican.headers);
    expect(res.json().transferPaymentUrl).toBeNull();
  });

  it('answers NOT_FOUND for an unknown or unpublished id and NOT_PROGRAM for a course or event', async () => {
    for (const id of ['no-existe', 'prog-oculto']) {
      const res = await preview(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ internalCode: 'NOT_FOUND', message: 'Programa no encontrado' });
    }
    for (const id of ['curso-comun', 'evento-vivo']) {
      const res = await preview(id);
      expect(res.json()).toEqual({ internalCode: 'NOT_PROGRAM', message: 'No es un programa' });
    }
  });

  it('applies the audience: ONLY_SUBSCRIBERS and ONLY_UNSUBSCRIBERS, from the account with a token', async () => {
    expect((await preview('prog-suscriptoras')).json().internalCode).toBe('ONLY_SUBSCRIBERS');
    expect((await preview('prog-suscriptoras', '?isSubscribed=true')).statusCode).toBe(200);
    expect((await preview('prog-sin-suscripcion', '?isSubscribed=true')).json().internalCode).toBe(
      'ONLY_UNSUBSCRIBERS',
    );
    expect((await preview('prog-sin-suscripcion')).statusCode).toBe(200);

    const buyer = await newBuyer(t.app);
    // the query cannot make her a subscriber
    const refused = await preview('prog-suscriptoras', '?isSubscribed=true', buyer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().internalCode).toBe('ONLY_SUBSCRIBERS');
    await makeSubscriber(t.app, buyer.userId);
    expect((await preview('prog-suscriptoras', '', buyer.headers)).statusCode).toBe(200);
    expect((await preview('prog-sin-suscripcion', '', buyer.headers)).json().internalCode).toBe(
      'ONLY_UNSUBSCRIBERS',
    );
  });

  it('answers ALREADY_PURCHASED to an owner, also through a bought pack', async () => {
    const buyer = await newBuyer(t.app);
    expect((await preview('prog-en-pack', '', buyer.headers)).statusCode).toBe(200);
    await givePurchase(t.app, buyer.userId, 'packs', 'pack-combo');
    for (const id of ['pack-combo', 'prog-en-pack']) {
      const res = await preview(id, '', buyer.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ internalCode: 'ALREADY_PURCHASED', message: '¡Ya lo compraste!' });
    }
    await givePurchase(t.app, buyer.userId, 'programs', 'prog-abierto');
    expect((await preview('prog-abierto', '', buyer.headers)).json().internalCode).toBe('ALREADY_PURCHASED');
  });

  it('shows sale windows that are not open yet or closed (the preview still loads)', async () => {
    expect((await preview('prog-futuro')).json()).toMatchObject({ saleStatus: 'BEFORE', installments: 3 });
    expect((await preview('prog-cerrado')).json()).toMatchObject({ saleStatus: 'AFTER' });
    expect((await preview('pack-combo')).json()).toMatchObject({ type: 'PACK', price: 8_000_000 });
  });

  it('applies a program discount code on top of the program price, and a free code makes it 0', async () => {
    const discounted = await preview('prog-abierto', '?promoCode=prog-25');
    expect(discounted.json()).toMatchObject({
      price: 3_375_000,
      regularPrice: 6_000_000,
      discountApplied: 44,
      promoCodeApplied: 'PROG-25',
    });
    const free = await preview('prog-abierto', '?promoCode=PROG-GRATIS');
    expect(free.json()).toMatchObject({ price: 0, discountApplied: 100, promoCodeApplied: 'PROG-GRATIS' });
    // a blank box is no code
    expect((await preview('prog-abierto', '?promoCode=')).json().price).toBe(4_500_000);
  });

  it.each([
    ['NO-EXISTE', 'Not found promo code', 404],
    ['PROG-VENCIDO', 'Expired promo code', 400],
    ['PROG-PAUSADO', 'Inactive promo code', 400],
    ['PROG-BAJA', 'Disabled promo code', 400],
    ['PROG-AGOTADO', 'Exhausted promo code', 409],
    ['SUSC-20', 'PromoCode type error', 400],
    ['PROG-FUTURO-10', 'PromoCode type error', 400],
  ])('refuses promo code %s with PROMO_CODE "%s"', async (code, message, status) => {
    const res = await preview('prog-abierto', `?promoCode=${code}`);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ internalCode: 'PROMO_CODE', message });
  });

  it('checks a code’s countries against the account (or the countryCode sent by a visitor)', async () => {
    const notAllowed = 'The user does not have a allowed country code for the promo code';
    expect((await preview('prog-abierto', '?promoCode=PROG-MEXICO')).statusCode).toBe(200);
    expect((await preview('prog-abierto', '?promoCode=PROG-MEXICO&countryCode=AR')).json().message).toBe(
      notAllowed,
    );
    const buyer = await newBuyer(t.app);
    const res = await preview('prog-abierto', '?promoCode=PROG-MEXICO', buyer.headers);
    expect(res.json()).toEqual({ internalCode: 'PROMO_CODE', message: notAllowed });
  });

  it('refuses an invalid token instead of answering as anonymous', async () => {
    const res = await preview('prog-abierto', '', { authorization: 'Bearer nope' });
    expect(res.statusCode).toBe(401);
  });
});

describe('guessing promo codes through the preview', () => {
  it('limits previews that carry a code (429 in Spanish), never those without one', async () => {
    const own = await createTestApp();
    try {
      await seedTestProgramCatalog(own.app);
      const look = (query: string) =>
        own.app.inject({ method: 'GET', url: `/api/academy/program-preview/prog-abierto${query}` });
      // the budget every promo lookup shares (promo-lookup-limit.ts): 10 in 10 minutes
      for (let i = 0; i < 10; i++) expect((await look(`?promoCode=ADIVINO${i}`)).statusCode).not.toBe(429);
      const limited = await look('?promoCode=ADIVINO-OTRA');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/intentos/);
      expect((await look('')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('one address guessing through many accounts', () => {
  it('meets the ceiling over all promo lookups of the address: 50 in 10 minutes', async () => {
    const own = await createTestApp();
    try {
      await seedTestProgramCatalog(own.app);
      const statuses: number[] = [];
      // 6 accounts × 9 codes: each account stays under its own 10, the address goes past 50.
      const sessions = [];
      for (let account = 0; account < 6; account++) sessions.push((await newSession(own.app)).credentials);
      for (const [account, credentials] of sessions.entries()) {
        for (let i = 0; i < 9; i++) {
          const res = await own.app.inject({
            method: 'GET',
            url: `/api/academy/program-preview/prog-abierto?promoCode=CUENTA${account}X${i}`,
            headers: bearer(credentials),
          });
          statuses.push(res.statusCode);
        }
      }
      const first = statuses.indexOf(429);
      expect(first).toBe(50);
      expect(statuses.slice(first).every((status) => status === 429)).toBe(true);
    } finally {
      await own.close();
    }
  });
});
