import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownAppTimeout, productionEnv, type TestApp } from '../../test/helpers';

/** A build as apps/web writes it: the SPA's index and one hashed script. */
function webBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="es"><script type="module" src="/assets/index-AbC123xy.js"></script><div id="root"></div></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-AbC123xy.js'), 'console.log(1)');
  return dir;
}

/** A CSP header as directive name → sources. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Each page type the server answers, with the status it should answer. */
const pages: Array<{ type: string; url: string | ((t: TestApp) => Promise<string>); status: number }> = [
  ...['/', '/login', '/academy', '/mi-cuenta', '/arrepentimiento'].map((url) => ({
    type: `SPA page ${url}`,
    url,
    status: 200,
  })),
  { type: 'JS asset', url: '/assets/index-AbC123xy.js', status: 200 },
  { type: '/api JSON answer', url: '/api/health', status: 200 },
  { type: '/api JSON answer (feature flags)', url: '/api/remote-config/feature-flags', status: 200 },
  { type: '/api error (unknown route)', url: '/api/no-existe', status: 404 },
  { type: '/api error (no session)', url: '/api/users/me/payments', status: 401 },
  {
    type: 'signed file download (PDF)',
    url: (t) =>
      t.app.fileStorage.signedUrl('materiales/presupuesto-mensual.pdf', {
        filename: 'Presupuesto mensual.pdf',
        contentType: 'application/pdf',
        disposition: 'attachment',
        ttlSeconds: 300,
      }),
    status: 200,
  },
  { type: '/media (thumbnail)', url: '/media/thumbnails/bonos-y-obligaciones.webp', status: 200 },
  { type: '/api/docs', url: '/api/docs', status: 200 },
  { type: '/api/docs/json', url: '/api/docs/json', status: 200 },
];

/** The headers every answer carries, whatever produced it. */
function expectSecurityHeaders(res: LightMyRequestResponse, production: boolean) {
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toMatch(/^(no-referrer|same-origin|strict-origin)/);
  expect(res.headers['x-powered-by']).toBeUndefined();
  if (production) {
    const hsts = String(res.headers['strict-transport-security']);
    expect(Number(hsts.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
  } else {
    // plain http in development and tests: HSTS would pin localhost to https
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }
  const contentType = String(res.headers['content-type']);
  if (res.headers['content-security-policy'] === undefined && /^application\/pdf\b/.test(contentType)) {
    // The one exception, by design (serve-signed-file.ts): a signed material file has no CSP, or
    // Chromium's PDF viewer refuses to run (object-src 'none'). It is a fixed, non-HTML type that
    // the browser may not sniff (nosniff above), so no script of it can run in our origin.
    return;
  }
  const header = res.headers['content-security-policy'];
  expect(header, 'a CSP').toEqual(expect.any(String));
  const csp = parseCsp(String(header));
  // Scripts: no inline code and no eval, whether script-src says so or default-src does.
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts.length, 'script-src or default-src').toBeGreaterThan(0);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain('*');
  expect(csp.get('script-src-elem') ?? []).not.toContain("'unsafe-inline'");
  expect(csp.get('object-src')).toEqual(["'none'"]);
  // Framing: only by ourselves.
  expect(csp.get('frame-ancestors')).toEqual(expect.arrayContaining(["'self'"]));
  expect(csp.get('frame-ancestors')).not.toContain('*');
}

describe.each([
  { name: 'development', production: false, env: {} },
  { name: 'production', production: true, env: productionEnv },
])('security headers on every page type ($name)', ({ production, env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...env, WEB_DIST_DIR: webBuild() });
  }, ownAppTimeout.timeout);
  afterAll(() => t?.close());

  it.each(pages)('$type', async ({ url, status }) => {
    const target = typeof url === 'string' ? url : await url(t);
    const res = await t.app.inject({ method: 'GET', url: target });
    expect(res.statusCode, `${target}: ${res.body.slice(0, 200)}`).toBe(status);
    expectSecurityHeaders(res, production);
  });

  it('keeps them on a refused request body (400) and an unknown method', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'no-es-un-correo' },
    });
    expect(refused.statusCode).toBe(400);
    expectSecurityHeaders(refused, production);
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown, production);
  });
});
