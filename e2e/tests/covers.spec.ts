import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAsDemo } from './support/accounts';

/*
 * The illustrated covers of the demo catalogue on the academy home (decision 71): every card
 * shows its cover with width and height (its box is kept before it loads), the first row at once
 * and the rest lazily, in the size the layout needs; and search ranks titles before descriptions.
 */

test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };

async function openAcademy(page: Page): Promise<void> {
  await page.goto('/academy');
  await expect(page.getByRole('heading', { level: 1, name: 'Academia' })).toBeVisible(slow);
  await expect(coverImages(page.getByRole('region', { name: 'Cursos' })).first()).toBeVisible(slow);
}

/** The cover images inside the cards of a region (decorative: alt=""). */
const coverImages = (scope: Locator) => scope.getByRole('article').locator('.card-media img');

/** Each image's attributes and what the browser made of it. */
function imageFacts(images: Locator) {
  return images.evaluateAll((list) =>
    (list as HTMLImageElement[]).map((img) => ({
      src: img.getAttribute('src'),
      srcset: img.getAttribute('srcset'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      alt: img.getAttribute('alt'),
      loading: img.getAttribute('loading'),
      fetchpriority: img.getAttribute('fetchpriority'),
      decoding: img.getAttribute('decoding'),
      ratio: img.getBoundingClientRect().width / img.getBoundingClientRect().height,
    })),
  );
}

const isLoaded = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test.describe('covers', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('course cards show their cover: sized, the first row at once, the others lazy', async ({ page }) => {
    await signInAsDemo(page, 'alumna@alcancia.local');
    await openAcademy(page);
    const courses = await imageFacts(coverImages(page.getByRole('region', { name: 'Cursos' })));
    expect(courses.length).toBeGreaterThan(4);
    for (const [index, image] of courses.entries()) {
      expect(image.src).toMatch(/^\/covers\/[a-z0-9-]+-960\.[0-9a-f]{8}\.webp$/);
      expect(image.srcset).toMatch(/-320\.[0-9a-f]{8}\.webp 320w, .+ 640w, .+ 960w$/);
      expect(image).toMatchObject({ width: '960', height: '540', alt: '', decoding: 'async' });
      // the box is 16:9 whether or not the picture arrived: nothing moves when it does
      expect(image.ratio).toBeCloseTo(16 / 9, 1);
      // the first row (four cards at this width) is the first screen's largest content
      expect(image.loading, `card ${index}`).toBe(index < 4 ? 'eager' : 'lazy');
      expect(image.fetchpriority, `card ${index}`).toBe(index < 4 ? 'high' : 'auto');
    }

    const first = coverImages(page.getByRole('region', { name: 'Cursos' })).first();
    await expect.poll(() => isLoaded(first), slow).toBe(true);
    // named by content hash, so cached for a year
    const url = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
    const response = await page.request.get(url);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('program, pack and event covers below the fold load lazily, as they come near', async ({ page }) => {
    await signInAsDemo(page, 'alumna@alcancia.local');
    await openAcademy(page);
    const programs = page.getByRole('region', { name: 'Programas & Packs' });
    const described = await imageFacts(coverImages(programs));
    expect(described.length).toBeGreaterThan(1);
    for (const image of described) {
      expect(image.src).toMatch(/^\/covers\/(programa|pack)-[a-z0-9-]+-960\.[0-9a-f]{8}\.webp$/);
      expect(image).toMatchObject({ width: '960', height: '540', alt: '', loading: 'lazy' });
    }
    const events = await imageFacts(page.locator('.event-card .card-media img'));
    expect(events.length).toBeGreaterThan(0);
    for (const image of events) expect(image).toMatchObject({ loading: 'lazy', width: '960', height: '540' });

    const pack = programs
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Pack Inversión Completa' }) });
    await pack.scrollIntoViewIfNeeded();
    await expect.poll(() => isLoaded(pack.locator('.card-media img')), slow).toBe(true);
  });
});

test.describe('covers on a phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 });

  test('a 320 px screen gets the 320 px picture', async ({ page }) => {
    await signInAsDemo(page, 'alumna@alcancia.local');
    await openAcademy(page);
    const first = coverImages(page.getByRole('region', { name: 'Cursos' })).first();
    await expect.poll(() => isLoaded(first), slow).toBe(true);
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /-320\.[0-9a-f]{8}\.webp$/,
    );
    const box = await first.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(320);
  });
});

test('search lists a title match before a description-only match that comes first in the catalogue', async ({
  page,
}) => {
  await signInAsDemo(page, 'alumna@alcancia.local');
  await openAcademy(page);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const overlay = page.getByRole('dialog', { name: 'Buscar en la academia' });
  await overlay.getByRole('searchbox', { name: 'Buscar cursos, programas y eventos' }).fill('inflacion');
  const inTitle = overlay.getByRole('link', { name: /Dólar, inflación y ahorro en pesos/ });
  await expect(inTitle).toBeVisible(slow);
  // "Tu presupuesto mensual en una hora" says inflación only in its description, and comes
  // before it in the catalogue
  const names = await overlay.getByRole('link').allTextContents();
  const title = names.findIndex((n) => n.includes('Dólar, inflación y ahorro en pesos'));
  const description = names.findIndex((n) => n.includes('Tu presupuesto mensual en una hora'));
  expect(description).toBeGreaterThan(-1);
  expect(title).toBeLessThan(description);
});
