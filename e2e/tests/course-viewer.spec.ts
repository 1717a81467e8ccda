import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiLogin, demoCredentials, registerAccount, signIn, uniqueEmail } from './support/accounts';

/*
 * The course viewer (issue 5) in Chromium, on the demo catalogue: free courses are opened with a
 * fresh account per test (its own progress), paid ones with the demo subscriber.
 */

const freeCourse = 'primeros-pasos-finanzas';
const subscriber = 'suscriptora@alcancia.local';
const student = 'alumna@alcancia.local';

async function newStudent(page: Page, request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  await registerAccount(request, email);
  const credentials = await apiLogin(request, email);
  await signIn(page, credentials);
  return credentials;
}

async function courseProgress(request: APIRequestContext, token: string, courseId: string) {
  const response = await request.get(`/api/academy/progress/${courseId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    in_progress_modules: Record<
      string,
      { sections: Record<string, { viewed_seconds: number; complete_fraction: number }> }
    >;
    finished_modules: Record<string, true>;
    last_viewed_section: string | null;
    finished_at: string | null;
  };
}

/** Every tracking event the page sends, in order. */
function recordEvents(page: Page) {
  const events: { event: string; properties?: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/api/users/analytic') && request.method() === 'POST') {
      const body = request.postDataJSON() as { event: string; properties?: Record<string, unknown> };
      events.push(body);
    }
  });
  return {
    names: () => events.map((e) => e.event),
    find: (name: string) => events.find((e) => e.event === name),
  };
}

const video = (page: Page) => page.locator('video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
const contents = (page: Page) => page.getByRole('complementary', { name: 'Contenido del curso' });

async function play(page: Page) {
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
}

/** Jumps to the end of the class and lets it finish (ended → saved as fully watched). */
async function finishVideo(page: Page) {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/academy/progress') && r.request().method() === 'POST',
  );
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    if (!(v.duration > 0))
      await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
    v.muted = true;
    v.currentTime = Math.max(0, v.duration - 0.3);
    await v.play();
    if (!v.ended) await new Promise((resolve) => v.addEventListener('ended', resolve, { once: true }));
  });
  const answer = await (await saved).json();
  expect(answer.complete_fraction).toBe(1);
}

test.describe('course viewer', () => {
  test('opens the first class, plays it, and resumes near the saved second after leaving', async ({
    page,
    request,
  }) => {
    const credentials = await newStudent(page, request, 'viewer-resume');
    const events = recordEvents(page);

    // The course overview first; its button starts at the first class.
    await page.goto(`/academy/${freeCourse}`);
    await page.getByRole('link', { name: 'Comenzar el curso' }).click();
    await expect(page).toHaveURL(`/academy/${freeCourse}/${freeCourse}-m1-s1`);
    await expect(page.getByText('Módulo 1: Tu punto de partida', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenida: por qué hablar de plata');
    await expect(page.getByRole('link', { name: /^Anterior/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Siguiente/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver a la Academia' })).toHaveAttribute(
      'href',
      '/academy',
    );
    // The module of the current section is open; the others are closed.
    const modules = contents(page).getByRole('button', { name: /Módulo \d/ });
    await expect(modules).toHaveCount(3);
    await expect(modules.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(modules.nth(1)).toHaveAttribute('aria-expanded', 'false');
    // Two classes and a material: the material is not counted as a class.
    await expect(modules.nth(0)).toContainText('2 clases · 1 material · 0m 50s');
    await expect(
      contents(page).getByRole('link', { name: /Bienvenida: por qué hablar de plata/ }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(contents(page).getByRole('link', { name: /Guía: tu presupuesto mensual/ })).toContainText(
      'Descargable',
    );

    await play(page);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(4);
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
    const watched = await currentTime(page);
    await expect.poll(() => events.names()).toContain('academy_course_section_pause');
    await expect
      .poll(() => events.names())
      .toEqual(
        expect.arrayContaining([
          'academy_course_view',
          'academy_course_view_success',
          'academy_course_section_start',
          'module_started',
          'section_started',
        ]),
      );
    expect(events.find('section_started')?.properties).toMatchObject({
      courseId: freeCourse,
      moduleId: `${freeCourse}-m1`,
      sectionId: `${freeCourse}-m1-s1`,
    });
    await expect
      .poll(() => events.find('academy_course_section_resume')?.properties)
      .toMatchObject({
        courseId: freeCourse,
        sectionId: `${freeCourse}-m1-s1`,
      });

    // Leaving the class saves where she stopped.
    const saved = page.waitForRequest(
      (r) => r.url().endsWith('/api/academy/progress') && r.method() === 'POST',
    );
    await page.getByRole('link', { name: 'Volver a la Academia' }).click();
    await expect(page).toHaveURL('/academy');
    expect((await saved).postDataJSON()).toEqual({
      courseId: freeCourse,
      progress: {
        moduleId: `${freeCourse}-m1`,
        sectionId: `${freeCourse}-m1-s1`,
        seconds: Math.floor(watched),
      },
    });
    await expect.poll(() => events.names()).toContain('academy_course_section_close');
    await expect
      .poll(
        async () => (await courseProgress(request, credentials.accessToken, freeCourse)).last_viewed_section,
      )
      .toBe(`${freeCourse}-m1-s1`);

    // Back in the course: the overview continues at the last viewed class, at the saved second.
    await page.goto(`/academy/${freeCourse}`);
    await page.getByRole('link', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(`/academy/${freeCourse}/${freeCourse}-m1-s1`);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(Math.floor(watched) - 1);
    expect(Math.abs((await currentTime(page)) - watched)).toBeLessThan(3);
    await expect.poll(() => events.names()).toContain('academy_course_section_continue');
    await expect(page.getByText(/Viste el \d+ % de esta clase/)).toBeVisible();
  });

  test('an HLS class plays through hls.js where the browser has no native HLS', async ({ page, request }) => {
    await signIn(page, await demoCredentials(request, subscriber));
    // Chromium plays HLS itself now; pretend it does not, as Firefox and older browsers.
    await page.addInitScript(() => {
      const original = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : original.call(this, type);
      };
    });
    // at its signed address (decision 0102): the playlist's relative names keep the token
    const segment = page.waitForResponse((r) => /\/media\/s\/[^/]+\/videos\/hls\/.+\.m4s$/.test(r.url()));
    await page.goto('/academy/tarjeta-de-credito/tarjeta-de-credito-m2-s1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await segment).status()).toBe(200);
    // Media Source Extensions: the element plays a blob, not the playlist address.
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
    await play(page);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(2);
  });

  test('page unload saves with a request that survives the page', async ({ page, request }) => {
    const credentials = await newStudent(page, request, 'viewer-unload');
    await page.goto(`/academy/${freeCourse}/${freeCourse}-m1-s2`);
    await play(page);
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(3);
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
    const watched = Math.floor(await currentTime(page));
    // The page goes away: only a keepalive request carrying the token itself can still save.
    await page.goto('about:blank');
    await expect
      .poll(async () => {
        const progress = await courseProgress(request, credentials.accessToken, freeCourse);
        return progress.in_progress_modules[`${freeCourse}-m1`]?.sections[`${freeCourse}-m1-s2`]
          ?.viewed_seconds;
      })
      .toBe(watched);
  });

  test('Anterior and Siguiente cross modules and skip EMPTY sections; focus follows', async ({
    page,
    request,
  }) => {
    await signIn(page, await demoCredentials(request, subscriber));
    const course = 'fondo-de-emergencia';
    await page.goto(`/academy/${course}/${course}-m2-s2`);
    await expect(page.getByText('Módulo 2: Dónde guardarlo', { exact: true })).toBeVisible();
    // The EMPTY section is listed but not a link.
    await expect(contents(page).getByText('Clase en vivo: próximamente')).toBeVisible();
    await expect(contents(page).getByRole('link', { name: /Clase en vivo/ })).toHaveCount(0);
    await expect(contents(page).getByRole('link')).toHaveCount(2);

    await page.getByRole('link', { name: /^Siguiente/ }).click();
    await expect(page).toHaveURL(`/academy/${course}/${course}-m3-s1`);
    await expect(page.getByText('Módulo 3: Cuándo usarlo', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // The new module opened by itself.
    await expect(contents(page).getByRole('button', { name: /Módulo 3/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await page.getByRole('link', { name: /^Anterior/ }).click();
    await expect(page).toHaveURL(`/academy/${course}/${course}-m2-s2`);
    await page.getByRole('link', { name: /^Siguiente/ }).click();
    await page.getByRole('link', { name: /^Siguiente/ }).click();
    await expect(page).toHaveURL(`/academy/${course}/${course}-m3-s2`);
    await expect(page.getByRole('link', { name: /^Siguiente/ })).toHaveCount(0);

    // A module closes and opens from the keyboard.
    const first = contents(page).getByRole('button', { name: /Módulo 1/ });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(contents(page).getByRole('link', { name: /Qué es un fondo de emergencia/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a PDF material is shown in the page, can be downloaded and counts as complete', async ({
    page,
    request,
  }) => {
    const credentials = await newStudent(page, request, 'viewer-pdf');
    const section = `${freeCourse}-m1-s3`;
    const saved = page.waitForRequest(
      (r) => r.url().endsWith('/api/academy/progress') && r.method() === 'POST',
    );
    await page.goto(`/academy/${freeCourse}/${section}`);
    expect((await saved).postDataJSON()).toMatchObject({ progress: { sectionId: section, seconds: 0 } });

    const pages = page.getByRole('figure', { name: /Página \d+ de \d+/ });
    await expect(pages.first()).toHaveAttribute('data-rendered', 'true', { timeout: 20_000 });
    const box = await pages.first().locator('canvas').boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    // The text layer makes the text readable (and selectable).
    await expect(pages.first()).toContainText('presupuesto');

    // Complete: the marker in the list and the API agree.
    await expect(
      contents(page).getByRole('link', { name: /Guía: tu presupuesto mensual.*completada/ }),
    ).toBeVisible();
    const progress = await courseProgress(request, credentials.accessToken, freeCourse);
    expect(progress.in_progress_modules[`${freeCourse}-m1`]?.sections[section]?.complete_fraction).toBe(1);

    const downloadLink = page.getByRole('link', { name: /^Descargar PDF/ });
    const href = await downloadLink.getAttribute('href');
    // The API's signed file route (local storage) or a presigned bucket URL (s3, the two-process
    // deployment): either way the file itself comes as an attachment.
    expect(href).toMatch(/^\/api\/files\/.+download=1|response-content-disposition=attachment/);
    const file = await request.get(href ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment/);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoSeriousA11yViolations(page);
  });

  test('finishing every section offers the certificate, a valid PNG', async ({ page, request }) => {
    test.setTimeout(120_000);
    const credentials = await newStudent(page, request, 'viewer-certificate');
    const course = 'salir-de-deudas';
    await page.goto(`/academy/${course}`);
    await page.getByRole('link', { name: 'Comenzar el curso' }).click();
    await expect(page).toHaveURL(`/academy/${course}/${course}-m1-s1`);
    // The last section is a class and nothing is finished: no certificate yet.
    await expect(page.getByRole('button', { name: 'Descargar certificado' })).toHaveCount(0);

    for (;;) {
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      // The content of the section (the player is a lazy chunk): a video or a spreadsheet.
      const sheet = page.getByRole('link', { name: /^Descargar planilla/ });
      await expect(video(page).or(sheet)).toBeVisible({ timeout: 15_000 });
      if (await video(page).count()) {
        await finishVideo(page);
        await expect(page.getByText('Clase completada')).toBeVisible();
      } else {
        // A spreadsheet: a download button, and opening it counted.
        await expect(page.getByText('Material visto')).toBeVisible();
      }
      const next = page.getByRole('link', { name: /^Siguiente/ });
      if ((await next.count()) === 0) break;
      await next.click();
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading ?? '');
    }

    const progress = await courseProgress(request, credentials.accessToken, course);
    expect(progress.finished_at).not.toBeNull();
    expect(Object.keys(progress.finished_modules)).toHaveLength(3);
    // Finishing here is a moment of its own, across the viewer (issue 20).
    await expect(page.getByRole('heading', { name: '¡Terminaste el curso!' })).toBeVisible();
    // Every module shows its tick.
    await expect(contents(page).getByRole('button', { name: /terminado/ })).toHaveCount(3);

    const certificate = page.getByRole('button', { name: 'Descargar certificado' });
    await expect(certificate).toBeVisible();
    // Her profile holds a first name only ("Ana"): the first certificate asks for her full name.
    await certificate.click();
    const fullName = page.getByLabel('Tu nombre completo, como querés que figure en el certificado');
    await expect(fullName).toBeFocused();
    await expect(fullName).toHaveValue('Ana');
    await page.getByRole('button', { name: 'Guardar y descargar' }).click();
    await expect(page.getByText('Escribí tu nombre y tu apellido')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await fullName.fill('Ana Pérez');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Guardar y descargar' }).click();
    const download = await downloading;
    const profile = await request.get('/api/users', {
      headers: { authorization: `Bearer ${credentials.accessToken}` },
    });
    expect((await profile.json()).name).toBe('Ana Pérez');
    expect(download.suggestedFilename()).toBe('Salí de las deudas paso a paso_certificado.png');
    const png = readFileSync((await download.path()) ?? '');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

    // The address printed on it is a page anyone can open, in Spanish, without an account.
    const issued = await request.get(
      `/api/academy/certificate?course_id=${course}&send_by_email=false&type=standard`,
      {
        headers: { authorization: `Bearer ${credentials.accessToken}` },
      },
    );
    const code = issued.headers()['x-certificate-id'] ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`/certificados/${code}`);
    await expect(page.getByText('Certificado válido')).toBeVisible();
    await expect(page.getByRole('definition').nth(0)).toHaveText('Ana Pérez');
    await expect(page.getByRole('definition').nth(1)).toHaveText('Salí de las deudas paso a paso');
    await expect(page.getByRole('definition').nth(2)).toHaveText(/^\d{1,2} de [a-z]+ de \d{4}$/);
    await expectNoSeriousA11yViolations(page);
    await page.goto('/certificados/AAAA-BBBB-CCCC');
    await expect(page.getByText('No encontramos ese certificado')).toBeVisible();
  });

  test('the course overview: presentation, modules and progress; the certificate only after the work, in a modal', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const credentials = await newStudent(page, request, 'viewer-overview');
    // A subscription from a promo code: the paid course opens.
    const promo = await request.post('/api/users/subscriptions/usePromoCode', {
      headers: { authorization: `Bearer ${credentials.accessToken}` },
      data: { promoCode: 'BIENVENIDA30' },
    });
    expect(promo.status(), await promo.text()).toBe(200);
    const course = 'presupuesto-mensual';
    const getCourse = await request.get(`/api/academy/${course}`, {
      headers: { authorization: `Bearer ${credentials.accessToken}` },
    });
    const modules = (await getCourse.json()).modules as {
      id: string;
      sections: { id: string; type: string; duration: number }[];
    }[];

    await page.goto(`/academy/${course}`);
    await expect(page).toHaveURL(`/academy/${course}`);
    const overview = page.getByRole('region', { name: 'Presentación del curso' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(overview).toContainText('4 clases');
    await expect(overview.getByRole('link', { name: 'Comenzar el curso' })).toBeVisible();
    await expect(
      contents(page)
        .getByRole('button', { name: /Módulo \d/ })
        .first(),
    ).toBeVisible();
    // Its last section is a material, but nothing was done: no certificate, and the API agrees.
    await expect(page.getByRole('button', { name: 'Ver mi certificado' })).toHaveCount(0);
    const early = await request.get(
      `/api/academy/certificate?course_id=${course}&send_by_email=false&type=standard`,
      {
        headers: { authorization: `Bearer ${credentials.accessToken}` },
      },
    );
    expect(early.status()).toBe(409);
    await expectNoSeriousA11yViolations(page);

    // Every class watched to the end (the closing material never opened).
    for (const module of modules) {
      for (const section of module.sections.filter((s) => s.type === 'CLASS')) {
        const saved = await request.post('/api/academy/progress', {
          headers: { authorization: `Bearer ${credentials.accessToken}` },
          data: {
            courseId: course,
            progress: { moduleId: module.id, sectionId: section.id, seconds: section.duration },
          },
        });
        expect(saved.status()).toBe(200);
      }
    }
    await page.reload();
    await expect(overview.getByRole('link', { name: 'Continuar' })).toBeVisible();
    await expect(overview.getByRole('progressbar')).toBeVisible();
    await page.getByRole('button', { name: 'Ver mi certificado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tu certificado' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Asked for her full name, she keeps the one she has.
    await dialog.getByRole('button', { name: 'Descargar certificado' }).click();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Descargar como «Ana»' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/_certificado\.png$/);

    // At 320 px it still reads and works by keyboard: Escape closes the dialog.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.setViewportSize({ width: 320, height: 700 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await overview.getByRole('link', { name: 'Continuar' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/academy/${course}/[^/]+$`));
  });

  test('a certificate that fails to download shows the error and is tracked', async ({ page, request }) => {
    await signIn(page, await demoCredentials(request, subscriber));
    const events = recordEvents(page);
    await page.route('**/api/academy/certificate?*', (route) =>
      route.fulfill({
        status: 409,
        json: {
          internalCode: 'CERTIFICATE_NOT_AVAILABLE',
          message: 'Tu certificado estará disponible pronto.',
        },
      }),
    );
    // A finished course (as the server says) offers the certificate; its download fails here.
    await page.route('**/api/academy/progress/presupuesto-mensual', (route) =>
      route.fulfill({
        json: {
          in_progress_modules: {},
          finished_modules: {},
          last_viewed_section: null,
          finished_at: '2026-11-20T12:00:00.000Z',
        },
      }),
    );
    await page.goto('/academy/presupuesto-mensual/presupuesto-mensual-m1-s1');
    await page.getByRole('button', { name: 'Descargar certificado' }).click();
    await expect(page.getByRole('alert')).toContainText('Tu certificado estará disponible pronto.');
    await expect
      .poll(() => events.find('academy_certificate_download_error')?.properties)
      .toMatchObject({
        courseId: 'presupuesto-mensual',
        internalCode: 'CERTIFICATE_NOT_AVAILABLE',
      });
  });

  test('access on load: a course that needs a subscription shows its page, a program not bought redirects, an unknown course says so', async ({
    page,
    request,
  }) => {
    await signIn(page, await demoCredentials(request, student));
    const events = recordEvents(page);
    await page.goto('/academy/presupuesto-mensual');
    await expect(page).toHaveURL('/academy/presupuesto-mensual');
    await expect(
      page.getByRole('region', { name: 'Presentación del curso' }).getByRole('link', { name: 'Ver planes' }),
    ).toHaveAttribute('href', '/compra/suscripcion');
    await page.goto('/academy/programa-orden-total/programa-orden-total-m1-s1');
    await expect(page).toHaveURL('/programas/programa-orden-total/detalle');
    await page.goto('/academy/no-existe');
    await expect(page.getByRole('heading', { level: 1, name: 'El curso ingresado no existe' })).toBeVisible();
    await expect
      .poll(() => events.find('academy_course_view_error')?.properties)
      .toMatchObject({
        courseId: 'no-existe',
        internalCode: 'NOT_FOUND',
      });
  });

  test('while the course loads its outline is a preview: nothing can be opened', async ({
    page,
    request,
  }) => {
    await newStudent(page, request, 'viewer-preview');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/academy/${freeCourse}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/academy/${freeCourse}/${freeCourse}-m1-s2`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu relación con el dinero');
    await expect(page.getByRole('button', { name: /^Siguiente/ })).toBeDisabled();
    await expect(contents(page).getByRole('link')).toHaveCount(0);
    await expect(
      contents(page)
        .getByText(/no disponible/)
        .first(),
    ).toBeAttached();
    release();
    await expect(page.getByRole('link', { name: /^Siguiente/ })).toBeVisible();
    await expect(video(page)).toBeVisible();
  });
});
