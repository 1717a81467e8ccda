import { academyPath, accountPath, communityPath, newsPath, programsPath } from '../../lib/paths';
/**
 * The shell's navigation (spec §2 "Logged-in shell"): news, academy, programs (issue 30, decision
 * 0142), personal finance, community, fifth section, in this order. News, personal finance and the fifth section are disabled on the
 * web (they open the "{Sección} Próximamente" modal); community is listed only while the COMMUNITY
 * service control is enabled.
 */
export type NavKey = 'news' | 'academy' | 'programs' | 'pfm' | 'community' | 'aladina';

export interface NavItem {
  key: NavKey;
  path: string;
  /** label in the side bar and the mobile navbar */
  text: string;
  /** section name used in the coming-soon modal title */
  section: string;
  /** tracking event sent when the entry is chosen */
  eventName: string;
  isDisabled: boolean;
}

const allItems: readonly NavItem[] = [
  {
    key: 'news',
    path: newsPath,
    text: 'Novedades',
    section: 'Novedades',
    eventName: 'navbar_news_click',
    isDisabled: true,
  },
  {
    key: 'academy',
    path: academyPath,
    text: 'Academia',
    section: 'Academia',
    eventName: 'navbar_academy_click',
    isDisabled: false,
  },
  {
    // issue 30: the desktop side bar gets Programas too (the phone's tab bar had it already)
    key: 'programs',
    path: programsPath,
    text: 'Programas',
    section: 'Programas',
    eventName: 'navbar_programs_click',
    isDisabled: false,
  },
  {
    key: 'pfm',
    path: '/misCuentas',
    text: 'Mis Cuentas',
    section: 'Mis Cuentas',
    eventName: 'navbar_pfm_click',
    isDisabled: true,
  },
  {
    key: 'community',
    path: communityPath,
    text: 'Comunidad',
    section: 'Comunidad',
    eventName: 'navbar_community_click',
    isDisabled: false,
  },
  {
    key: 'aladina',
    path: '/aladina',
    text: 'Aladina',
    section: 'Aladina',
    eventName: 'navbar_aladina_click',
    isDisabled: true,
  },
];

/**
 * The entries to show; community only when its service control is enabled (unknown = hidden);
 * Novedades is enabled while its NEWS control is on (issue 44: her home), Mis Cuentas while its PFM
 * control is on (issue 43); else each opens the coming-soon modal as before.
 */
export function navItems({
  communityEnabled,
  newsEnabled = false,
  pfmEnabled = false,
  aladinaEnabled = false,
}: {
  communityEnabled: boolean;
  newsEnabled?: boolean;
  pfmEnabled?: boolean;
  /** Aladina, the academy's assistant (issue 42), while its ALADINA control is on */
  aladinaEnabled?: boolean;
}): NavItem[] {
  return allItems
    .filter((item) => item.key !== 'community' || communityEnabled)
    .map((item) =>
      (item.key === 'news' && newsEnabled) ||
      (item.key === 'pfm' && pfmEnabled) ||
      (item.key === 'aladina' && aladinaEnabled)
        ? { ...item, isDisabled: false }
        : item,
    );
}

/** The entry a path belongs to (for aria-current), or null. */
export function activeNavKey(pathname: string): NavKey | null {
  const path = pathname.toLowerCase();
  if (path.startsWith(academyPath)) return 'academy';
  if (path.startsWith(programsPath)) return 'programs';
  if (path.startsWith(communityPath)) return 'community';
  if (path.startsWith(newsPath)) return 'news';
  if (path.startsWith('/miscuentas')) return 'pfm';
  if (path.startsWith('/aladina')) return 'aladina';
  return null;
}

/** "{Sección} Próximamente", the coming-soon modal's title. */
/** The entry of a section, enabled or not (e.g. for the page of a disabled one opened by address). */
export function navItemOf(key: NavKey): NavItem {
  const item = allItems.find((candidate) => candidate.key === key);
  if (!item) throw new Error(`unknown section ${key}`);
  return item;
}

export function comingSoonTitle(item: Pick<NavItem, 'section'>): string {
  return `${item.section} Próximamente`;
}

/** The community page has no top padding on desktop; every other page 2rem (spec §2 layout). */
export function isFlushPage(pathname: string): boolean {
  return pathname.toLowerCase().startsWith(communityPath);
}

/**
 * The phone's tab bar (issue 20, decision 77): it leads with what works on the web — Academia,
 * Programas, Mi cuenta, and Comunidad while its service control is on. The sections that live in
 * the app (Novedades, Mis Cuentas, Aladina) keep their pages, linked from the footer and the side
 * bar, instead of taking three of the four tabs.
 */
export type MobileTabKey = 'academy' | 'programs' | 'account' | 'community';

export interface MobileTab {
  key: MobileTabKey;
  path: string;
  text: string;
  eventName: string;
}

const mobileTabList: readonly MobileTab[] = [
  { key: 'academy', path: academyPath, text: 'Academia', eventName: 'navbar_academy_click' },
  { key: 'programs', path: programsPath, text: 'Programas', eventName: 'navbar_programs_click' },
  { key: 'account', path: accountPath, text: 'Mi cuenta', eventName: 'navbar_account_click' },
  { key: 'community', path: communityPath, text: 'Comunidad', eventName: 'navbar_community_click' },
];

export function mobileTabs({ communityEnabled }: { communityEnabled: boolean }): MobileTab[] {
  return mobileTabList.filter((tab) => tab.key !== 'community' || communityEnabled);
}

/** The tab a path belongs to (for aria-current), or null. */
export function activeMobileTab(pathname: string): MobileTabKey | null {
  const path = pathname.toLowerCase();
  if (path.startsWith(programsPath)) return 'programs';
  if (path.startsWith(academyPath)) return 'academy';
  if (path.startsWith(accountPath)) return 'account';
  if (path.startsWith(communityPath)) return 'community';
  return null;
}
