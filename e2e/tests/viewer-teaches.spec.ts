import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { demoCredentials, newCustomer, signIn } from './support/accounts';
import { operatorWindow } from './support/panel';

/*
 * Issue 30, "A viewer that teaches" (decision 0156), in Chromium on the demo catalogue: Spanish
 * captions on the player, a transcript that searches and jumps, a remembered speed and "Ahorrar
 * datos", and the next class's countdown with a way to stay. A fresh learner per test, on a free
 * course whose first class (bienvenida.mp4, 20 s) is followed by another class.
 */

const course = 'primeros-pasos-finanzas';
const firstClass = `/academy/${course}/${course}-m1-s1`;
const secondClass = `/academy/${course}/${course}-m1-s2`;

async function newStudent(page: Page, request: APIRequestContext, label: string) {
  await signIn(page, (await newCustomer(request, label)).credentials);
}

const video = (page: Page) => page.locator('video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
const playbackRate = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.playbackRate);

async function metadataLoaded(page: Page) {
  await expect(video(page)).toBeVisible({ timeout: 15_000 });
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    if (!(v.duration > 0))
      await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
  });
}

/** Jumps to the end of the class and lets it finish. */
async function finishVideo(page: Page) {
  await metadataLoaded(page);
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = Math.max(0, v.duration - 0.3);
    await v.play();
    if (!v.ended) await new Promise((resolve) => v.addEventListener('ended', resolve, { once: true }));
  });
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test(`captions, transcript, speed and "Ahorrar datos" at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await newStudent(page, request, `viewer-teaches-${viewport.width}`);
    await page.goto(firstClass);
    await metadataLoaded(page);

    // The captions track: Spanish, on by default, loaded with the shipped cues.
    const track = video(page).locator('track');
    await expect(track).toHaveAttribute('kind', 'captions');
    await expect(track).toHaveAttribute('srclang', 'es');
    await expect(track).toHaveAttribute('label', 'Español');
    await expect(track).toHaveAttribute(
      'src',
      /^\/media\/s\/\d+\.[A-Za-z0-9_-]{43}\/videos\/bienvenida\.vtt$/,
    );
    await expect
      .poll(() =>
        video(page).evaluate((v: HTMLVideoElement) => {
          const element = v.querySelector('track') as HTMLTrackElement;
          return {
            ready: element.readyState,
            mode: element.track.mode,
            cues: element.track.cues?.length ?? 0,
          };
        }),
      )
      .toEqual({ ready: 2 /* LOADED */, mode: 'showing', cues: 5 });

    // The transcript: every line, searchable; a line takes the video to its time.
    const transcript = page.getByRole('region', { name: 'Transcripción' });
    const lines = transcript.getByRole('list', { name: 'Líneas de la transcripción' }).getByRole('button');
    await expect(lines).toHaveCount(5);
    await expect(lines.first()).toContainText('¡Hola! Te damos la bienvenida a Alcancía.');
    await transcript.getByLabel('Buscar en la transcripción').fill('ritmo');
    await expect(lines).toHaveCount(1);
    await expect(transcript.getByText('1 línea coincide.')).toBeVisible();
    await lines.first().click();
    await expect.poll(() => currentTime(page)).toBeCloseTo(12, 0);
    await expect(lines.first()).toHaveAttribute('aria-current', 'true');
    await transcript.getByLabel('Buscar en la transcripción').fill('');
    await expect(lines).toHaveCount(5);
    await expect(lines.nth(3)).toHaveAttribute('aria-current', 'true');
    await expect(lines.nth(0)).not.toHaveAttribute('aria-current', 'true');

    // Speed and "Ahorrar datos": chosen here, kept after a reload and in the next class.
    const speed = page.getByLabel('Velocidad');
    await expect(speed).toHaveValue('1');
    await expect(speed.locator('option')).toHaveText(['0,75×', '1×', '1,25×', '1,5×', '2×']);
    await speed.selectOption('1.5');
    await expect.poll(() => playbackRate(page)).toBe(1.5);
    const saveData = page.getByRole('checkbox', { name: 'Ahorrar datos' });
    await expect(saveData).not.toBeChecked();
    await saveData.check();
    // Under the video: what the course is about and the module's material.
    await expect(page.getByRole('heading', { name: 'Sobre este curso' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Materiales de este módulo' }).getByRole('link'),
    ).toHaveAttribute('href', `/academy/${course}/${course}-m1-s3`);
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await metadataLoaded(page);
    await expect(page.getByLabel('Velocidad')).toHaveValue('1.5');
    await expect.poll(() => playbackRate(page)).toBe(1.5);
    await expect(page.getByRole('checkbox', { name: 'Ahorrar datos' })).toBeChecked();

    await page.goto(secondClass);
    await metadataLoaded(page);
    await expect(page.getByLabel('Velocidad')).toHaveValue('1.5');
    await expect.poll(() => playbackRate(page)).toBe(1.5);
    await expect(video(page).locator('track')).toHaveAttribute('src', /\/videos\/clase-ahorro\.vtt$/);
  });
}

/*
 * "Ahorrar datos" on an HLS class (decision 0175): the demo's clase-tarjeta is a ladder (360p,
 * 720p, audio only, Spanish subtitles in the master); with the choice on, hls.js plays the 360p
 * rung and asks for no other, after a reload too. A paid course: the demo subscriber.
 */
for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test(`"Ahorrar datos" plays an HLS class's lowest rung at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signIn(page, await demoCredentials(request, 'suscriptora@alcancia.local'));
    const asked: string[] = [];
    // what hls.js asks for (the browser's own HLS player asks as `media`)
    page.on('request', (r) => {
      if (!['xhr', 'fetch'].includes(r.resourceType())) return;
      const name = /\/videos\/hls\/clase-tarjeta\/([^/?]+)$/.exec(r.url())?.[1];
      if (name) asked.push(name);
    });
    const masterResponse = page.waitForResponse((r) =>
      /\/videos\/hls\/clase-tarjeta\/index\.m3u8$/.test(r.url()),
    );
    await page.goto('/academy/tarjeta-de-credito/tarjeta-de-credito-m2-s1');
    const master = await (await masterResponse).text();
    // the ladder, lightest first, the audio-only rendition last, Spanish subtitles
    expect(master.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
      '360p.m3u8',
      '720p.m3u8',
      'audio.m3u8',
    ]);
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master).toMatch(
      /#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Español",DEFAULT=YES,AUTOSELECT=YES,URI="subtitulos\.m3u8"/,
    );
    await metadataLoaded(page);

    const saveData = page.getByRole('checkbox', { name: 'Ahorrar datos' });
    await expect(saveData).not.toBeChecked();
    await expect(page.getByText('Usa la calidad más liviana de la clase.')).toBeVisible();
    asked.length = 0;
    await saveData.check();
    const lowest = async () => {
      await metadataLoaded(page);
      await video(page).evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
      });
      await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
      // hls.js plays a blob, at the 360p rung's own size
      await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
      await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoHeight)).toBe(360);
      expect(asked.filter((name) => name.endsWith('.m4s')).length).toBeGreaterThan(0);
      expect(asked.filter((name) => /^(720p|audio)/.test(name))).toEqual([]);
      expect(asked).toContain('360p.m3u8');
    };
    await lowest();
    await expectNoSeriousA11yViolations(page);

    // remembered: after a reload the same rung, and nothing heavier is fetched
    asked.length = 0;
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Ahorrar datos' })).toBeChecked();
    await lowest();
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  });
}

test('after a class ends: "Siguiente clase en 5 s", "Quedarme en esta clase" cancels, otherwise the next class opens', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await newStudent(page, request, 'viewer-teaches-next');
  await page.goto(firstClass);
  await finishVideo(page);

  const next = page.getByRole('region', { name: 'Siguiente clase' });
  const stay = next.getByRole('button', { name: 'Quedarme en esta clase' });
  // On the notice (here its button has the focus) the count holds: reading it and the scan below
  // take as long as they take.
  await stay.focus();
  const held = await next.textContent();
  expect(held).toMatch(/Siguiente clase en [1-5] s/);
  await expect(next).toContainText('Tu relación con el dinero');
  await expectNoSeriousA11yViolations(page);
  await page.waitForTimeout(1_500);
  expect(await next.textContent()).toBe(held);
  await stay.click();
  await expect(next).toHaveCount(0);
  // Past the 5 s: still here.
  await page.waitForTimeout(6_000);
  await expect(page).toHaveURL(firstClass);

  // Ended again, then a transcript line: going back into the class stays too.
  await finishVideo(page);
  await expect(page.getByRole('region', { name: 'Siguiente clase' })).toBeVisible();
  await page.getByRole('list', { name: 'Líneas de la transcripción' }).getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Siguiente clase' })).toHaveCount(0);
  await page.waitForTimeout(6_000);
  await expect(page).toHaveURL(firstClass);

  // Ended again and left alone (the pointer off the page, where no notice holds it): the next
  // class opens by itself.
  await page.mouse.move(0, 0);
  await finishVideo(page);
  await expect(page.getByRole('region', { name: 'Siguiente clase' })).toBeVisible();
  await expect(page).toHaveURL(secondClass, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu relación con el dinero');
});

test('an editor uploads a class’s captions in the content editor; the learner’s transcript reads them', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const className = 'Cierre: tu plan para este mes';
  const { page, leave } = await operatorWindow(browser, 'editor', { width: 1440, height: 900 });
  await page.goto(`/admin/contenidos/${course}`);
  const file = page.getByLabel(`Subir subtítulos (VTT) de ${className}`);
  // Not WebVTT: named at once, nothing sent.
  await file.setInputFiles({
    name: 'cierre.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHola\n'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'El archivo no es WebVTT' })).toHaveText(
    'El archivo no es WebVTT: tiene que empezar con «WEBVTT».',
  );
  await file.setInputFiles({
    name: 'cierre.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from(
      'WEBVTT\n\n00:00:00.000 --> 00:00:06.000\nCerramos el curso con tu plan para este mes.\n\n' +
        '00:00:06.000 --> 00:00:12.000\nElegí una meta y anotala hoy.\n',
    ),
  });
  await expect(page.getByRole('button', { name: `Quitar los subtítulos de ${className}` })).toBeVisible();
  await expect(page.getByLabel(`Cambiar subtítulos (VTT) de ${className}`)).toBeAttached();
  await expectNoSeriousA11yViolations(page);

  const learner = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await newStudent(learner, request, 'viewer-teaches-uploaded');
  await learner.goto(`/academy/${course}/${course}-m3-s2`);
  await metadataLoaded(learner);
  await expect(video(learner).locator('track')).toHaveAttribute('src', /\/subidas\/videos\/subtitulos\//);
  const lines = learner.getByRole('list', { name: 'Líneas de la transcripción' }).getByRole('button');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(1)).toContainText('Elegí una meta y anotala hoy.');
  await learner.close();

  // Removed: the class is back to the demo video's own captions.
  await page.getByRole('button', { name: `Quitar los subtítulos de ${className}` }).click();
  await expect(page.getByRole('button', { name: `Quitar los subtítulos de ${className}` })).toHaveCount(0);
  await leave();
});
