import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { type demoOperators, signInAsOperator } from './operators';
import { takeRunState, writeRunState } from './run-state';

/*
 * The back office as an operator walks it, at a desk or on a phone (issue 29): the sections'
 * menu folds behind "Menú" under 48rem, nothing may scroll sideways, dialogs stay inside the window.
 */

/** Under 48rem the sections fold behind the "Menú" button (admin-layout.tsx). */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Goes to a section through the menu: on a phone, the folded one (which folds again after). */
export async function openSection(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
  const phone = isPhone(page);
  if (phone) {
    await expect(nav).toBeHidden();
    const toggle = page.getByRole('button', { name: /^(Menú|Cerrar menú)$/ });
    // A page still arriving (a route's code loads in a transition) folds the menu when it lands:
    // open it again until it stays open.
    await expect(async () => {
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(toggle).toHaveAccessibleName('Cerrar menú', { timeout: 1_000 });
      await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
      await expect(nav).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }
  await nav.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (phone) await expect(nav).toBeHidden();
}

/** Nothing on the page is wider than the window (no sideways scrolling). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The box is inside the window. */
export async function expectInsideWindow(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

type Role = keyof typeof demoOperators;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Where the run keeps each operator's session as her last window left it (run-state.ts). */
const kept = (role: Role) => `operator-session-${role}`;

/**
 * A window of this size with the operator signed in, on /admin. The first one signs her in
 * through the form (password, then her authenticator's code); later ones carry her session on, as
 * her own browser would, so the suite does not spend her login attempts (10 in 15 minutes per
 * e-mail and address). The session is the run's, whichever worker left it, and one window at a
 * time holds it (a refresh token used by two windows at once would look stolen): a window opened
 * while another has it signs in anew. A session that ended meanwhile (30 minutes idle) makes her
 * sign in again. `leave` closes the window and puts the session back for the next one. `onPage`
 * sees the page before it goes anywhere (to wait for a response of its first /admin, say).
 */
export async function operatorWindow(
  browser: Browser,
  role: Role,
  viewport: { width: number; height: number },
  onPage?: (page: Page) => void,
): Promise<{ page: Page; leave: () => Promise<void> }> {
  const session = takeRunState<StorageState>(kept(role));
  const context = await browser.newContext({ viewport, ...(session ? { storageState: session } : {}) });
  const page = await context.newPage();
  onPage?.(page);
  let signedIn = false;
  if (session) {
    await page.goto('/admin');
    const home = page.getByRole('heading', { level: 1, name: /^Hola, / });
    await expect(home.or(page.getByLabel('Correo electrónico'))).toBeVisible({ timeout: 20_000 });
    signedIn = await home.isVisible();
  }
  if (!signedIn) await signInAsOperator(page, role);
  return {
    page,
    leave: async () => {
      writeRunState(kept(role), await context.storageState());
      await context.close();
    },
  };
}
