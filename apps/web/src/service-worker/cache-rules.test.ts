import { describe, expect, it } from 'vitest';
import { apiCacheName, isAppNavigation, isCachedApiRead, isSeenAsset, tokenSubject } from './cache-rules';

const token = (sub: string) =>
  `h.${Buffer.from(JSON.stringify({ sub, typ: 'access' })).toString('base64url')}.signature`;

describe('what the service worker keeps, and for whom', () => {
  it('keeps her home and academy reads, never a payment, a checkout, a signed file or a write', () => {
    for (const path of [
      '/api/users/me/bootstrap',
      '/api/users/me/academy-home',
      '/api/academy/courses',
      '/api/academy/progress/tarjeta-de-credito',
      '/api/news/home',
      '/api/service-control',
    ])
      expect(isCachedApiRead(path, 'GET'), path).toBe(true);
    for (const path of [
      '/api/academy/file-url/materiales%2Fguia.pdf',
      '/api/users/me/payments',
      '/api/users/subscriptions',
      '/api/payments/config',
      '/api/programs/x/checkout',
      '/api/files/abc',
      '/media/s/123.sig/videos/x.mp4',
      '/api/admin/members',
      '/api/users/me/invoices',
    ])
      expect(isCachedApiRead(path, 'GET'), path).toBe(false);
    expect(isCachedApiRead('/api/academy/progress', 'POST')).toBe(false);
  });

  it('answers the app’s pages with the shell, not the server’s own addresses', () => {
    expect(isAppNavigation('/novedades')).toBe(true);
    expect(isAppNavigation('/academy/tarjeta-de-credito/tarjeta-de-credito-m2-s1')).toBe(true);
    for (const path of [
      '/api/docs',
      '/dev/correo',
      '/sandbox/mercadopago',
      '/robots.txt',
      '/sin-conexion/c/s/audio.m3u8',
    ])
      expect(isAppNavigation(path), path).toBe(false);
    expect(isSeenAsset('/assets/boot-CQzp_pkD.js')).toBe(true);
    expect(isSeenAsset('/media/s/123.sig/videos/x.mp4')).toBe(false);
  });

  it('keeps each account’s reads apart, under a name that is not her id', async () => {
    expect(tokenSubject(`Bearer ${token('ana-id')}`)).toBe('ana-id');
    expect(tokenSubject(null)).toBeNull();
    expect(tokenSubject('Bearer nonsense')).toBeNull();
    const ana = await apiCacheName(`Bearer ${token('ana-id')}`);
    const bea = await apiCacheName(`Bearer ${token('bea-id')}`);
    expect(ana).toMatch(/^alcancia-api-[0-9a-f]{24}$/);
    expect(ana).not.toBe(bea);
    expect(ana).not.toContain('ana-id');
    // a refreshed token of the same account: the same cache
    expect(await apiCacheName(`Bearer ${token('ana-id')}x`)).toBe(ana);
    expect(await apiCacheName(null)).toBe('alcancia-api-publico');
  });
});
