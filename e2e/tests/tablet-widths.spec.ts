import { expect, test } from '@playwright/test';
import { demoCredentials, signIn } from './support/accounts';
import { expectNoSidewaysScroll } from './support/panel';

/*
 * "Every screen works from 320 px up": the phone widths are checked screen by screen in their
 * specs; this walks the academy's catalogue screens at the widths of a tablet and a small laptop,
 * where the side navigation takes its room and the suggested-filter chips must scroll inside
 * their row (they once pushed the academy 15 px past a 768 px window).
 */

const screens = [
  { path: '/academy', heading: 'Academia' },
  { path: '/academy/cursos', heading: 'Cursos' },
  { path: '/programas', heading: 'Programas' },
];

test('the academy, its courses and the programs fit a tablet and a small laptop', async ({
  page,
  request,
}) => {
  // A subscriber (cancelled, her paid month still running: every suggested chip shows).
  await signIn(page, await demoCredentials(request, 'cancelada@alcancia.local'));
  for (const width of [768, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      // the catalogue's filters (chips and selects) are the widest row of these pages
      if (screen.path !== '/programas') {
        const chips = page.getByRole('list', { name: 'Filtros sugeridos' });
        await expect(chips.getByRole('button', { name: 'Sugeridos para vos' })).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
    }
  }
});
