import { describe, expect, it } from 'vitest';
import { isCalmPage, mayInvite, mayOfferUpdate } from './install-moment';

describe('the install invitation and the update prompt wait for a calm moment', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  it('invites on her home or the academy only, never a checkout or the player', () => {
    expect(isCalmPage('/novedades')).toBe(true);
    expect(isCalmPage('/academy')).toBe(true);
    for (const path of [
      '/compra/suscripcion/oro/MONTHLY',
      '/academy/tarjeta/tarjeta-m1-s1',
      '/academy/tarjeta',
      '/mi-cuenta',
      '/login',
    ])
      expect(isCalmPage(path)).toBe(false);
  });
  it('remembers "Ahora no" for 90 days, and never asks inside the installed app', () => {
    expect(mayInvite({ pathname: '/novedades', dismissedAt: null, now })).toBe(true);
    expect(mayInvite({ pathname: '/novedades', dismissedAt: '2026-11-01T12:00:00Z', now })).toBe(false);
    expect(mayInvite({ pathname: '/novedades', dismissedAt: '2026-08-01T12:00:00Z', now })).toBe(true);
    expect(mayInvite({ pathname: '/novedades', dismissedAt: null, now, standalone: true })).toBe(false);
  });
  it('offers a new version anywhere but a checkout or a class playing', () => {
    expect(mayOfferUpdate('/novedades')).toBe(true);
    expect(mayOfferUpdate('/compra/programa/x')).toBe(false);
    expect(mayOfferUpdate('/academy/curso/clase')).toBe(false);
  });
});
