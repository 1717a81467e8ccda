import { describe, expect, it } from 'vitest';
import { safeDeepLink } from './app-return';

describe('deep links back to the app', () => {
  const site = 'https://alcancia.com.ar';

  it("follows the app's scheme and this site's own https links", () => {
    expect(safeDeepLink('alcancia://academy/programa-x', site)).toBe('alcancia://academy/programa-x');
    expect(safeDeepLink('https://alcancia.com.ar/app/academy', site)).toBe(
      'https://alcancia.com.ar/app/academy',
    );
  });

  it('never follows another site, javascript: or junk', () => {
    expect(safeDeepLink('https://evil.example/pagar-de-nuevo', site)).toBeNull();
    expect(safeDeepLink('https://alcancia.com.ar.evil.example/', site)).toBeNull();
    expect(safeDeepLink('http://alcancia.com.ar/app', site)).toBeNull();
    expect(safeDeepLink('javascript:alert(1)', site)).toBeNull();
    expect(safeDeepLink('no es un enlace', site)).toBeNull();
    expect(safeDeepLink(null, site)).toBeNull();
  });
});
