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
const pages: Array<{
  type: string;
  url: string | ((t: TestApp) => Promise<string>);
  status: number;
  /** where production answers otherwise */
  productionStatus?: number;
}> = [
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
  // off in production unless API_DOCS_ENABLED switches them on (below)
  { type: '/api/docs', url: '/api/docs', status: 200, productionStatus: 404 },
  { type: '/api/docs/json', url: '/api/docs/json', status: 200, productionStatus: 404 },
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

  it.each(pages)('$type', async ({ url, status, productionStatus }) => {
    const target = typeof url === 'string' ? url : await url(t);
    const res = await t.app.inject({ method: 'GET', url: target });
    const expected = production ? (productionStatus ?? status) : status;
    expect(res.statusCode, `${target}: ${res.body.slice(0, 200)}`).toBe(expected);
    expectSecurityHeaders(res, production);
  });

  it('serves a material file under its own policy: nothing loads or runs, and the document is sandboxed', async () => {
    for (const disposition of ['inline', 'attachment'] as const) {
      const url = await t.app.fileStorage.signedUrl('materiales/presupuesto-mensual.pdf', {
        filename: 'Presupuesto mensual.pdf',
        contentType: 'application/pdf',
        disposition,
        ttlSeconds: 300,
      });
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const csp = parseCsp(String(res.headers['content-security-policy']));
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('sandbox')).toEqual([]);
      expect(csp.get('form-action')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toBeUndefined();
      expect(csp.get('connect-src')).toBeUndefined();
    }
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

describe('the API docs in production', () => {
  it('answer 404 unless API_DOCS_ENABLED switches them on', async () => {
    const off = await createTestApp(productionEnv);
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
        expect((await off.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await off.close();
    }
    const on = await createTestApp({ ...productionEnv, API_DOCS_ENABLED: 'true' });
    try {
      const json = await on.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
      expect(json.json().paths).toHaveProperty('/api/health');
    } finally {
      await on.close();
    }
  }, 120_000);
});
