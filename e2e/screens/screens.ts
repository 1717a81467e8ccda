/**
 * npm run screens — a full-page PNG of every screen at 1440, 768, 375 and 320 px, for people to
 * look at (issue 20; not part of CI). It builds nothing: run `npm run build` first. Like the e2e
 * suite it starts the built app (apps/api/dist/server.js) on a fresh embedded database with the
 * demo data, in Debian's Chromium, and writes e2e/screens/out/<width>/<screen>.png plus
 * e2e/screens/out/index.html listing them (out/ is ignored by git).
 *
 * Options (environment): SCREENS_PORT (default 3300), SCREENS_WIDTHS=320,1440 and
 * SCREENS_ONLY=login,academy (names from the table below) to take fewer pictures.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { generate } from 'otplib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'e2e/screens/out');
const port = Number(process.env.SCREENS_PORT || 3300);
const baseURL = `http://127.0.0.1:${port}`;
const password = 'Alcancia2026';
const totpSecret = 'ALCANCIADEMOTOTPALCANCIADEMOTOTP';

type Role = 'guest' | 'subscriber' | 'learner' | 'admin';

interface Screen {
  name: string;
  title: string;
  role: Role;
  path: string;
  /** a desk layout (the back office): scrolls sideways below this width by design */
  minWidth?: number;
}

/** The course with seeded progress (below) and the program shown: both from the demo catalogue. */
const course = 'presupuesto-mensual';
const program = 'programa-chau-deudas';

const screens: Screen[] = [
  { name: 'login', title: 'Ingreso', role: 'guest', path: '/login' },
  { name: 'register', title: 'Registro', role: 'guest', path: '/register' },
  { name: 'recover', title: 'Recuperar contraseña', role: 'guest', path: '/recover' },
  {
    name: 'validate',
    title: 'Validar la cuenta (enlace vencido)',
    role: 'guest',
    path: '/validate?email=ana%40example.com&validationCode=000000',
  },
  { name: 'plans', title: 'Planes', role: 'guest', path: '/compra/suscripcion' },
  {
    name: 'plan-identification',
    title: 'Compra de plan: identificación',
    role: 'guest',
    path: '/compra/suscripcion/identificacion/plan-oro/annual',
  },
  {
    name: 'plan-checkout',
    title: 'Compra de plan: checkout',
    role: 'learner',
    path: '/compra/suscripcion/plan-oro/annual',
  },
  {
    name: 'program-identification',
    title: 'Compra de programa: identificación',
    role: 'guest',
    path: `/compra/programa/identificacion/${program}`,
  },
  {
    name: 'program-checkout',
    title: 'Compra de programa: checkout',
    role: 'learner',
    path: `/compra/programa/${program}`,
  },
  { name: 'guest-membership', title: 'Membresía sin cuenta (Oro)', role: 'guest', path: '/compra/mf-oro' },
  { name: 'terms', title: 'Términos y condiciones', role: 'guest', path: '/terminos-y-condiciones' },
  { name: 'withdrawal', title: 'Botón de arrepentimiento', role: 'guest', path: '/arrepentimiento' },
  { name: 'not-found', title: 'Página inexistente', role: 'guest', path: '/no-existe' },
  { name: 'academy', title: 'Academia (suscriptora con progreso)', role: 'subscriber', path: '/academy' },
  { name: 'academy-learner', title: 'Academia (sin suscripción)', role: 'learner', path: '/academy' },
  { name: 'courses', title: 'Todos los cursos', role: 'subscriber', path: '/academy/cursos' },
  { name: 'course-page', title: 'Página del curso', role: 'subscriber', path: `/academy/${course}` },
  {
    name: 'course-viewer',
    title: 'Visor de clases',
    role: 'subscriber',
    path: `/academy/${course}/@first-section`,
  },
  { name: 'programs', title: 'Programas', role: 'learner', path: '/programas' },
  {
    name: 'program-detail',
    title: 'Detalle de programa',
    role: 'learner',
    path: `/programas/${program}/detalle`,
  },
  { name: 'community', title: 'Comunidad', role: 'subscriber', path: '/comunidad' },
  { name: 'account-profile', title: 'Mi cuenta: perfil', role: 'subscriber', path: '/mi-cuenta' },
  {
    name: 'account-subscription',
    title: 'Mi cuenta: suscripción',
    role: 'subscriber',
    path: '/mi-cuenta/suscripcion',
  },
  { name: 'account-payments', title: 'Mi cuenta: pagos', role: 'subscriber', path: '/mi-cuenta/pagos' },
  {
    name: 'account-privacy',
    title: 'Mi cuenta: privacidad',
    role: 'subscriber',
    path: '/mi-cuenta/privacidad',
  },
  {
    name: 'withdrawal-logged-in',
    title: 'Botón de arrepentimiento (con sesión)',
    role: 'subscriber',
    path: '/arrepentimiento',
  },
  { name: 'admin', title: 'Back office: inicio', role: 'admin', path: '/admin', minWidth: 1024 },
];

const widths = (process.env.SCREENS_WIDTHS || '1440,768,375,320').split(',').map(Number);
const heights: Record<number, number> = { 1440: 900, 768: 1024, 375: 812, 320: 640 };
const only = process.env.SCREENS_ONLY?.split(',').filter(Boolean);

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

/** The built app on a fresh embedded database, as e2e/playwright.config.ts starts it. */
async function startServer(): Promise<{ server: ChildProcess; dataDir: string }> {
  const entry = path.join(root, 'apps/api/dist/server.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('No build found: run `npm run build` first, then `npm run screens`.');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-screens-'));
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, [entry], {
    cwd: path.join(root, 'e2e'),
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ADDRESS_MAX: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health in 4 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { server, dataDir };
}

async function api<T>(pathname: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Credentials {
  accessToken: string;
}

interface CourseModules {
  modules: { id: string; sections: { id: string; type: string; duration: number }[] }[];
}

/**
 * The subscriber half-way through the course: the first class watched, the second started, so
 * "Seguí viendo" and the progress bars have something to show. Returns the first section's id.
 */
async function seedProgress(credentials: Credentials): Promise<string> {
  const { modules } = await api<CourseModules>(`/api/academy/${course}`, { token: credentials.accessToken });
  const classes = modules.flatMap((module) =>
    module.sections.filter((section) => section.type === 'CLASS').map((section) => ({ module, section })),
  );
  for (const [index, { module, section }] of classes.slice(0, 2).entries()) {
    await api('/api/academy/progress', {
      token: credentials.accessToken,
      body: {
        courseId: course,
        progress: {
          moduleId: module.id,
          sectionId: section.id,
          seconds: index === 0 ? section.duration : Math.floor(section.duration / 3),
        },
      },
    });
  }
  const first = modules[0]?.sections[0]?.id;
  if (!first) throw new Error(`${course} has no sections`);
  return first;
}

/** A browser session (localStorage "credentials") for a demo account, kept as a storage state. */
async function sessionFor(browser: Browser, email: string) {
  const credentials = await api<Credentials>('/api/users/login', { body: { email, password } });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('credentials', JSON.stringify(value)), credentials);
  const state = await context.storageState();
  await context.close();
  return { credentials, state };
}

/** The admin signs in through the form: password, then the TOTP code of the README's secret. */
async function adminSession(browser: Browser) {
  const context = await browser.newContext({ baseURL, locale: 'es-AR' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill('admin@alcancia.local');
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByLabel('Código de verificación').fill(await generate({ secret: totpSecret }));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.waitForURL(/\/admin/);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Waits until the page stopped loading: network quiet, no spinner, fonts in. Then scrolls to the
 * end and back, so lazy images and sections below the fold are there in the full-page picture.
 */
async function settle(page: Page) {
  const quiet = () => page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await quiet();
  await page
    .locator('.spinner')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    window.scrollTo(0, 0);
  });
  await quiet();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
}

/**
 * A full-page picture shows what the first screen paints. Two things differ from what she sees
 * while scrolling: a bar fixed to the bottom (the mobile tab bar) would cover the middle of the
 * page, so it is moved to the end; and sections with `content-visibility: auto` are not painted
 * off screen, so they are painted for the picture.
 */
async function prepareFullPage(page: Page) {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  // lazy pictures far below the first screen: load them now, and wait for them
  await page.evaluate(async () => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'));
    for (const image of images) image.loading = 'eager';
    await Promise.race([
      Promise.all(images.map((image) => image.decode().catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 8_000)),
    ]);
  });
  await page.evaluate(() => {
    const end = document.documentElement.scrollHeight;
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' || style.display === 'none') continue;
      const box = element.getBoundingClientRect();
      if (
        box.height === 0 ||
        Math.abs(box.bottom - window.innerHeight) > 1 ||
        box.top < window.innerHeight / 2
      )
        continue;
      element.style.setProperty('position', 'absolute', 'important');
      element.style.setProperty('top', `${end - box.height}px`, 'important');
      element.style.setProperty('bottom', 'auto', 'important');
    }
  });
}

function escapeHtml(text: string) {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string,
  );
}

function writeIndex(results: Map<string, Map<number, string | null>>) {
  const rows = screens
    .filter((screen) => results.has(screen.name))
    .map((screen) => {
      const cells = widths
        .map((width) => {
          const failure = results.get(screen.name)?.get(width);
          const file = `${width}/${screen.name}.png`;
          return failure
            ? `<td class="failed">${escapeHtml(failure)}</td>`
            : `<td><a href="${file}"><img src="${file}" alt="" loading="lazy" width="${Math.min(width, 240)}"></a></td>`;
        })
        .join('');
      return `<tr><th scope="row">${escapeHtml(screen.title)}<br><code>${escapeHtml(screen.path)}</code><br><small>${screen.role}</small></th>${cells}</tr>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Alcancía — pantallas</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 0.5rem; vertical-align: top; text-align: left; }
img { display: block; height: auto; border: 1px solid #eee; }
.failed { color: #b3261e; max-width: 16rem; }
</style></head><body>
<h1>Alcancía — pantallas</h1>
<p>${new Date().toISOString()} · widths ${widths.join(', ')} px · full page</p>
<table><thead><tr><th scope="col">Pantalla</th>${widths.map((w) => `<th scope="col">${w} px</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody></table></body></html>
`;
  writeFileSync(path.join(outDir, 'index.html'), html);
}

async function main() {
  const chosen = screens.filter((screen) => !only || only.includes(screen.name));
  const { server, dataDir } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const results = new Map<string, Map<number, string | null>>();
  let failures = 0;
  try {
    const roles = new Set(chosen.map((screen) => screen.role));
    const states: Partial<Record<Role, Awaited<ReturnType<BrowserContext['storageState']>>>> = {};
    let firstSection = '';
    if (roles.has('subscriber')) {
      const subscriber = await sessionFor(browser, 'suscriptora@alcancia.local');
      states.subscriber = subscriber.state;
      firstSection = await seedProgress(subscriber.credentials);
    }
    if (roles.has('learner')) states.learner = (await sessionFor(browser, 'alumna@alcancia.local')).state;
    if (roles.has('admin')) states.admin = await adminSession(browser);

    rmSync(outDir, { recursive: true, force: true });
    for (const width of widths) {
      mkdirSync(path.join(outDir, String(width)), { recursive: true });
      for (const screen of chosen) {
        const context = await browser.newContext({
          baseURL,
          viewport: { width, height: heights[width] ?? 900 },
          locale: 'es-AR',
          timezoneId: 'America/Argentina/Buenos_Aires',
          reducedMotion: 'reduce',
          ...(screen.role === 'guest' ? {} : { storageState: states[screen.role] }),
        });
        const page = await context.newPage();
        const file = path.join(outDir, String(width), `${screen.name}.png`);
        const byWidth = results.get(screen.name) ?? new Map<number, string | null>();
        results.set(screen.name, byWidth);
        try {
          await page.goto(screen.path.replace('@first-section', firstSection));
          await settle(page);
          await prepareFullPage(page);
          await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
          );
          byWidth.set(width, null);
          const expected = screen.minWidth !== undefined && width < screen.minWidth;
          log(`${width} ${screen.name}${overflow && !expected ? '  (scrolls sideways!)' : ''}`);
        } catch (error) {
          failures += 1;
          const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
          byWidth.set(width, message ?? 'failed');
          log(`${width} ${screen.name}  FAILED: ${message}`);
        } finally {
          await context.close();
        }
      }
    }
    writeIndex(results);
    log(
      `\n${path.relative(root, path.join(outDir, 'index.html'))}: ${chosen.length} screens × ${widths.length} widths`,
    );
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures > 0) {
    log(`${failures} screenshot(s) failed`);
    process.exitCode = 1;
  }
}

await main();
