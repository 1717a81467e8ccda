import { describe, expect, it } from 'vitest';
import {
  activeMobileTab,
  activeNavKey,
  comingSoonTitle,
  isFlushPage,
  mobileTabs,
  navItems,
} from './nav-model';

describe('navigation model', () => {
  it('lists news, academy, programs, personal finance, community and the fifth section in that order', () => {
    expect(navItems({ communityEnabled: true }).map((i) => [i.key, i.path, i.isDisabled])).toEqual([
      ['news', '/novedades', true],
      ['academy', '/academy', false],
      ['programs', '/programas', false],
      ['pfm', '/misCuentas', true],
      ['community', '/comunidad', false],
      ['aladina', '/aladina', true],
    ]);
  });

  it('enables Novedades while the NEWS service control is on (issue 44)', () => {
    const news = (newsEnabled: boolean) =>
      navItems({ communityEnabled: false, newsEnabled }).find((item) => item.key === 'news');
    expect(news(true)?.isDisabled).toBe(false);
    expect(news(false)?.isDisabled).toBe(true);
  });

  it('enables Mis Cuentas while the PFM service control is on (issue 43)', () => {
    const pfm = (pfmEnabled: boolean) =>
      navItems({ communityEnabled: false, pfmEnabled }).find((item) => item.key === 'pfm');
    expect(pfm(true)?.isDisabled).toBe(false);
    expect(pfm(false)?.isDisabled).toBe(true);
  });

  it('hides community while the COMMUNITY service control is off', () => {
    expect(navItems({ communityEnabled: false }).map((i) => i.key)).toEqual([
      'news',
      'academy',
      'programs',
      'pfm',
      'aladina',
    ]);
  });

  it('titles the coming-soon modal with the section name', () => {
    const [news] = navItems({ communityEnabled: false });
    expect(news && comingSoonTitle(news)).toBe('Novedades Próximamente');
  });

  it('marks the academy entry on the academy pages and Programas on the program pages', () => {
    expect(activeNavKey('/academy/cursos')).toBe('academy');
    expect(activeNavKey('/programas/x/detalle')).toBe('programs');
    expect(activeNavKey('/comunidad')).toBe('community');
    expect(activeNavKey('/misCuentas/')).toBe('pfm');
    expect(activeNavKey('/compra/suscripcion')).toBeNull();
  });

  it('draws the community page without top padding', () => {
    expect(isFlushPage('/comunidad')).toBe(true);
    expect(isFlushPage('/academy')).toBe(false);
  });
});

describe('the phone tab bar', () => {
  it('leads with what works on the web; community only while it is on', () => {
    expect(mobileTabs({ communityEnabled: false }).map((tab) => tab.text)).toEqual([
      'Academia',
      'Programas',
      'Mi cuenta',
    ]);
    expect(mobileTabs({ communityEnabled: true }).map((tab) => tab.path)).toEqual([
      '/academy',
      '/programas',
      '/mi-cuenta',
      '/comunidad',
    ]);
  });

  it('marks the tab of the page', () => {
    expect(activeMobileTab('/academy/curso-1/seccion-2')).toBe('academy');
    expect(activeMobileTab('/programas/p1/detalle')).toBe('programs');
    expect(activeMobileTab('/mi-cuenta/pagos')).toBe('account');
    expect(activeMobileTab('/comunidad')).toBe('community');
    expect(activeMobileTab('/novedades')).toBeNull();
  });
});
