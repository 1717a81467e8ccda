import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';

/*
 * Issue 42: Aladina, the academy's assistant (on in the demo), at a phone's width and a desktop's.
 * She asks; the answer streams with its cited moments ("Clase · mm:ss"); a citation opens the
 * class with the video at that second; she keeps a note at the current moment, finds it again in
 * Mi cuenta › Mis notas by a word without its accent, and it takes her back to that moment.
 * The answer comes from the free course she may watch (a new account has no subscription).
 */

test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };

/** The video's current second, once its metadata is there. */
async function videoSecond(page: Page): Promise<number> {
  const video = page.locator('video');
  await expect(video).toHaveCount(1, slow);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), slow)
    .toBeGreaterThanOrEqual(1);
  return video.evaluate((element: HTMLVideoElement) => Math.floor(element.currentTime));
}

for (const width of [375, 1440]) {
  test(`at ${width} px: ask, open the cited moment, keep a note and find it again`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    const { credentials } = await newCustomer(request, `aladina-${width}`);
    await signIn(page, credentials);
    if (width >= 768) {
      // the side bar's entry opens her page while ALADINA is on (no coming-soon modal)
      await page.goto('/academy');
      await page
        .getByRole('navigation', { name: 'Secciones' })
        .getByRole('link', { name: 'Aladina' })
        .click();
      await expect(page).toHaveURL(/\/aladina$/);
    } else {
      await page.goto('/aladina');
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Aladina' })).toBeVisible(slow);
    await expectNoSeriousA11yViolations(page);

    // ask → the answer streams in with its sources
    await page.getByLabel('Tu pregunta').fill('¿Cómo armo la lista de todas mis deudas para salir de ellas?');
    await page.getByRole('button', { name: 'Preguntar' }).click();
    await expect(page.getByRole('heading', { name: 'Dónde lo explican las clases' })).toBeVisible(slow);
    await expect(page.getByRole('group', { name: '¿Te sirvió esta respuesta?' })).toBeVisible(slow);
    // the first source: "[1] Clase · mm:ss" (from a course she may watch: a free one)
    const source = page.getByRole('link', { name: /^\[1\] .+ · \d{2}:\d{2}$/ }).first();
    const label = (await source.textContent()) ?? '';
    const moment = /(\d{2}):(\d{2})$/.exec(label.trim());
    expect(moment, label).not.toBeNull();
    const seconds = Number(moment?.[1]) * 60 + Number(moment?.[2]);
    await page.getByRole('button', { name: 'No me sirvió' }).click();
    await expect(page.getByRole('button', { name: 'No me sirvió' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousA11yViolations(page);

    // → the class opens with the video at that second
    await source.click();
    await expect(page).toHaveURL(new RegExp(`/academy/[a-z-]+/[a-z0-9-]+\\?t=${seconds}$`));
    await expect.poll(() => videoSecond(page), slow).toBe(seconds);

    // a note at the current moment
    const words = `Pedir el resumen del crédito ${width}`;
    await page.getByLabel(/^Nota en el minuto/).fill(words);
    await page.getByRole('button', { name: 'Guardar nota' }).click();
    const notes = page.getByRole('list', { name: 'Notas de este curso' });
    await expect(notes.getByText(words)).toBeVisible(slow);
    await expectNoSeriousA11yViolations(page);

    // found again in Mi cuenta by a word without its accent, and back at its moment
    await page.goto('/mi-cuenta/notas');
    await page.getByLabel('Buscar en mis notas').fill('credito');
    const found = page
      .getByRole('list', { name: 'Mis notas' })
      .getByRole('listitem')
      .filter({ hasText: words });
    await expect(found).toBeVisible(slow);
    await expectNoSeriousA11yViolations(page);
    await found.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`\\?t=${seconds}$`));
    await expect.poll(() => videoSecond(page), slow).toBe(seconds);
  });
}
