import { describe, expect, it } from 'vitest';
import { activeNavKey, comingSoonTitle, isFlushPage, navItems } from './nav-model';

describe('navigation model', () => {
  it('lists news, academy, personal finance, community and the fifth section in that order', () => {
    expect(navItems({ communityEnabled: true }).map((i) => [i.key, i.path, i.isDisabled])).toEqual([
      ['news', '/novedades', true],
      ['academy', '/academy', false],
      ['pfm', '/misCuentas', true],
      ['community', '/comunidad', false],
      ['aladina', '/aladina', true],
    ]);
  });

  it('hides community while the COMMUNITY service control is off', () => {
    expect(navItems({ communityEnabled: false }).map((i) => i.key)).toEqual([
      'news',
      'academy',
      'pfm',
      'aladina',
    ]);
  });

  it('titles the coming-soon modal with the section name', () => {
    const [news] = navItems({ communityEnabled: false });
    expect(news && comingSoonTitle(news)).toBe('Novedades Próximamente');
  });

  it('marks the academy entry on the academy and program pages', () => {
    expect(activeNavKey('/academy/cursos')).toBe('academy');
    expect(activeNavKey('/programas/x/detalle')).toBe('academy');
    expect(activeNavKey('/comunidad')).toBe('community');
    expect(activeNavKey('/misCuentas/')).toBe('pfm');
    expect(activeNavKey('/compra/suscripcion')).toBeNull();
  });

  it('draws the community page without top padding', () => {
    expect(isFlushPage('/comunidad')).toBe(true);
    expect(isFlushPage('/academy')).toBe(false);
  });
});
