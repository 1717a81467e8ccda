import { describe, expect, it } from 'vitest';
import {
  argentinaToday,
  isSubscribedOn,
  parseOptedOut,
  showDiscountBanner,
  showExpiredPromoModal,
  verificationState,
} from './account-rules';

describe('subscription at the Argentina date', () => {
  it('takes today in Buenos Aires, not UTC', () => {
    // 02:00 UTC on the 10th is still the 9th in Buenos Aires (UTC-3)
    expect(argentinaToday(new Date('2026-03-10T02:00:00Z'))).toBe('2026-03-09');
    expect(argentinaToday(new Date('2026-03-10T03:00:00Z'))).toBe('2026-03-10');
  });

  it('is subscribed when the end date is today or later (first 10 characters only)', () => {
    expect(isSubscribedOn('2026-03-10', '2026-03-10')).toBe(true);
    expect(isSubscribedOn('2026-03-10T00:00:00.000Z', '2026-03-10')).toBe(true);
    expect(isSubscribedOn('2026-03-09', '2026-03-10')).toBe(false);
    expect(isSubscribedOn(null, '2026-03-10')).toBe(false);
  });
});

describe('verification banner and blocking modal', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('shows nothing to verified accounts', () => {
    expect(verificationState({ emailVerified: true, createdAt: '2020-01-01T00:00:00Z' }, now)).toBe(
      'verified',
    );
  });
  it('shows the red banner for fewer than 3 days', () => {
    expect(verificationState({ emailVerified: false, createdAt: '2026-03-10T11:00:00Z' }, now)).toBe(
      'banner',
    );
    expect(verificationState({ emailVerified: false, createdAt: '2026-03-07T12:00:01Z' }, now)).toBe(
      'banner',
    );
  });
  it('blocks from 3 days on', () => {
    expect(verificationState({ emailVerified: false, createdAt: '2026-03-07T12:00:00Z' }, now)).toBe(
      'blocked',
    );
    expect(verificationState({ emailVerified: false, createdAt: '2026-03-05T12:00:00Z' }, now)).toBe(
      'blocked',
    );
  });
});

describe('discount banner', () => {
  it('is hidden while the subscription loads, for subscribers and once closed', () => {
    expect(showDiscountBanner(undefined, false)).toBe(false);
    expect(showDiscountBanner({ isSubscribed: true }, false)).toBe(false);
    expect(showDiscountBanner({ isSubscribed: false }, true)).toBe(false);
    expect(showDiscountBanner({ isSubscribed: false }, false)).toBe(true);
  });

  it('never shows inside the purchase pages (a checkout has its own promo box)', () => {
    const visitor = { isSubscribed: false };
    expect(showDiscountBanner(visitor, false, '/academy')).toBe(true);
    expect(showDiscountBanner(visitor, false, '/compra/suscripcion/plan-oro/monthly')).toBe(false);
    expect(showDiscountBanner(visitor, false, '/compra/programa/programa-chau-deudas')).toBe(false);
    expect(showDiscountBanner(visitor, false, '/compra/otras-formas-de-pago')).toBe(false);
    expect(showDiscountBanner(visitor, false, '/compra-exitosa')).toBe(false);
    expect(showDiscountBanner(visitor, false, '/compras-viejas')).toBe(true);
  });

  it('shows where she chooses what to learn, not in the player or in Mi cuenta (issue 44)', () => {
    const visitor = { isSubscribed: false };
    expect(showDiscountBanner(visitor, false, '/academy/cursos')).toBe(true);
    expect(showDiscountBanner(visitor, false, '/programas')).toBe(true);
    expect(showDiscountBanner(visitor, false, '/novedades')).toBe(true);
    expect(showDiscountBanner(visitor, false, '/academy/presupuesto-mensual')).toBe(false);
    expect(showDiscountBanner(visitor, false, '/academy/presupuesto-mensual/pm-m1-s1')).toBe(false);
    expect(showDiscountBanner(visitor, false, '/mi-cuenta')).toBe(false);
    expect(showDiscountBanner(visitor, false, '/mi-cuenta/pagos')).toBe(false);
    expect(showDiscountBanner(visitor, false, '/mi-cuentas')).toBe(true);
  });
});

describe('expired-promo modal', () => {
  const base = {
    userId: 'u1',
    lastUserServiceOrigin: 'PROMO_CODE',
    isSubscribed: false,
    shownThisVisit: false,
    optedOut: [] as string[],
  };
  it('shows when the last subscription came from a promo code and is over', () => {
    expect(showExpiredPromoModal(base)).toBe(true);
  });
  it('does not show for other origins, active subscriptions, twice, or after "no volver a mostrar"', () => {
    expect(showExpiredPromoModal({ ...base, lastUserServiceOrigin: 'CARD' })).toBe(false);
    expect(showExpiredPromoModal({ ...base, lastUserServiceOrigin: null })).toBe(false);
    expect(showExpiredPromoModal({ ...base, isSubscribed: true })).toBe(false);
    expect(showExpiredPromoModal({ ...base, shownThisVisit: true })).toBe(false);
    expect(showExpiredPromoModal({ ...base, optedOut: ['u1'] })).toBe(false);
    expect(showExpiredPromoModal({ ...base, optedOut: ['u2'] })).toBe(true);
  });
  it('reads the stored list leniently', () => {
    expect(parseOptedOut('["a",1,"b"]')).toEqual(['a', 'b']);
    expect(parseOptedOut('nope')).toEqual([]);
    expect(parseOptedOut(null)).toEqual([]);
  });
});
