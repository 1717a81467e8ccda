import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, testConfig } from './helpers';

function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="es"><body>SPA</body></html>');
  writeFileSync(path.join(dir, 'assets', 'index-AbC123xy.js'), 'console.log(1)');
  return dir;
}

describe('HTTP basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: fakeWebBuild(), BODY_LIMIT_BYTES: '2048' }, (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('secret internals: password=hunter2 at /srv/app.ts:12');
      });
      app.post(
        '/api/test/echo',
        { schema: { body: z.object({ name: z.string().min(2) }) } },
        async (req) => req.body,
      );
    });
  });
  afterAll(() => t.close());

  it('answers unknown /api routes with a JSON 404 NOT_FOUND', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ internalCode: 'NOT_FOUND', message: expect.any(String) });
  });

  it('answers invalid input with 400 INVALID_DATA naming the fields, in Spanish', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'a' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.internalCode).toBe('INVALID_DATA');
    expect(body.message).toBe('Los datos no son válidos. Intenta nuevamente.');
    expect(body.fields).toEqual([
      { path: 'body.name', message: expect.stringMatching(/demasiado pequeñ|al menos|mínimo/i) },
    ]);
  });

  it('hides internals of a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ internalCode: 'UNEXPECTED_ERROR', message: expect.any(String) });
    expect(res.body).not.toMatch(/hunter2|secret|\.ts/);
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().internalCode).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('lets an operator allow the community and chat origins in the CSP', async () => {
    const open = await createTestApp({
      CSP_FRAME_ORIGINS: 'https://comunidad.example, https://chat.example',
      CSP_SCRIPT_ORIGINS: 'https://cdn.chat.example',
    });
    const res = await open.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://comunidad.example https://chat.example");
    expect(csp).toContain("script-src 'self' https://cdn.chat.example");
    expect(csp).toContain("connect-src 'self' https://cdn.chat.example");
    await open.close();
    expect(() => testConfig({ CSP_FRAME_ORIGINS: 'javascript:alert(1)' })).toThrow(/CSP_FRAME_ORIGINS/);
  });

  it('keeps CORS closed by default', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens CORS only to the configured origins', async () => {
    const open = await createTestApp({ CORS_ORIGINS: 'https://app.example' });
    const allowed = await open.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://app.example' },
    });
    const other = await open.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://x.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await open.close();
  });

  it('serves the SPA for every non-/api path, uncached, and hashed assets cached for a year', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/academy/123?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('SPA');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const missing = await t.app.inject({ method: 'GET', url: '/assets/index-Missing1.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('publishes the OpenAPI document and the browsable docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths).toHaveProperty('/api/health');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
