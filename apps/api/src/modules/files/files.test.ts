import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { dayOffset, insertCatalogFixture } from '../../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { courseModules, courseSections } from '../../db/schema';
import { LocalFileStorage } from '../../providers/storage/local-file-storage';
import { mediaUrlExpiry, signMediaUrl } from './media-urls';
import { mediaDir } from './serve-media';

const fileUrlSecret = 'a-file-url-secret-for-tests-0123456789abcdef';
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Materials of the fixture courses, pointing at the shipped demo files. */
async function insertMaterials(t: TestApp) {
  await t.database.db.insert(courseModules).values([
    { id: 'free-m1', courseId: 'presupuesto-gratis', name: 'Empezar', order: 1 },
    { id: 'bonos-m1', courseId: 'inversion-bonos', name: 'Bonos', order: 1 },
    { id: 'prog-m1', courseId: 'programa-abierto', name: 'Deudas', order: 1 },
  ]);
  const material = (
    id: string,
    moduleId: string,
    courseId: string,
    name: string,
    key: string,
    mime: string,
  ) => ({
    id,
    moduleId,
    courseId,
    name,
    order: 2,
    type: 'DOWNLOADABLE_MATERIAL' as const,
    sectionUrl: key,
    mimeType: mime,
    fileExtension: path.extname(key).slice(1),
  });
  await t.database.db.insert(courseSections).values([
    {
      id: 'free-video',
      moduleId: 'free-m1',
      courseId: 'presupuesto-gratis',
      name: 'Bienvenida',
      order: 1,
      type: 'CLASS',
      durationSeconds: 20,
      sectionUrl: '/media/videos/bienvenida.mp4',
    },
    material(
      'free-pdf',
      'free-m1',
      'presupuesto-gratis',
      'Presupuesto mensual',
      'materiales/presupuesto-mensual.pdf',
      'application/pdf',
    ),
    {
      ...material(
        'free-doc',
        'free-m1',
        'presupuesto-gratis',
        'Notas',
        'materiales/notas.docx',
        'application/msword',
      ),
      order: 3,
    },
    material(
      'bonos-pdf',
      'bonos-m1',
      'inversion-bonos',
      'Guía de inversión',
      'materiales/guia-inversion.pdf',
      'application/pdf',
    ),
    material(
      'prog-xlsx',
      'prog-m1',
      'programa-abierto',
      'Plan de deudas',
      'materiales/plan-de-deudas.xlsx',
      xlsxType,
    ),
  ]);
}

describe('materials: file-url and signed files', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'alcancia-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
    t = await createTestApp({ FILE_URL_SECRET: fileUrlSecret, WEB_DIST_DIR: webDist });
    await insertCatalogFixture(t.database.db);
    await insertMaterials(t);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const subscribe = (userId: string) =>
    t.database.db.execute(
      sql`update users set subscription_end_date = ${dayOffset(30)} where id = ${userId}`,
    );
  const fileUrl = async (key: string, headers: Record<string, string>) => {
    const res = await get(`/api/academy/file-url/${key}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { url: string; downloadUrl: string; expiresAt: string };
  };

  it('requires a session', async () => {
    const res = await get('/api/academy/file-url/materiales/presupuesto-mensual.pdf');
    expect(res.statusCode).toBe(401);
    expect(res.json().internalCode).toBe('UNAUTHORIZED');
  });

  it('gives a 5-minute URL that serves the PDF inline with a Spanish file name', async () => {
    const { credentials } = await newSession(t.app);
    const { url, expiresAt } = await fileUrl('materiales/presupuesto-mensual.pdf', bearer(credentials));
    expect(url).toMatch(
      /^\/api\/files\/materiales\/presupuesto-mensual\.pdf\?expires=\d+&name=.+&signature=/,
    );
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(300_000);

    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Presupuesto mensual.pdf"; filename*=UTF-8''Presupuesto%20mensual.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      res.rawPayload.equals(readFileSync(path.join(mediaDir, 'files/materiales/presupuesto-mensual.pdf'))),
    ).toBe(true);
  });

  it('gives a second URL that saves the file (attachment) under the same name', async () => {
    const { credentials } = await newSession(t.app);
    const { url, downloadUrl } = await fileUrl('materiales/presupuesto-mensual.pdf', bearer(credentials));
    expect(downloadUrl).not.toBe(url);
    const res = await get(downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Presupuesto mensual.pdf"; filename*=UTF-8''Presupuesto%20mensual.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('accepts the key URL-encoded and answers an attachment with download=1, accents kept', async () => {
    const { credentials } = await newSession(t.app);
    await subscribe(credentials.userId);
    const { url } = await fileUrl(encodeURIComponent('materiales/guia-inversion.pdf'), bearer(credentials));
    const res = await get(`${url}&download=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Guia de inversion.pdf"; filename*=UTF-8''Gu%C3%ADa%20de%20inversi%C3%B3n.pdf`,
    );
  });

  it('refuses a tampered signature, another key or name with the same signature, and an expired URL', async () => {
    const { credentials } = await newSession(t.app);
    const { url } = await fileUrl('materiales/presupuesto-mensual.pdf', bearer(credentials));
    const signature = new URL(url, 'http://x').searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;

    const refusals = [
      url.replace(signature, flipped),
      url.replace(`signature=${signature}`, 'signature=short'),
      url.replace('presupuesto-mensual.pdf', 'guia-inversion.pdf'),
      url.replace(/name=[^&]+/, 'name=Otro.pdf'),
      url.replace(/expires=\d+/, (m) => `expires=${Number(m.slice(8)) + 3600}`),
    ];
    for (const tampered of refusals) {
      const res = await get(tampered);
      expect(res.statusCode, tampered).toBe(403);
      expect(res.json().internalCode).toBe('INVALID_FILE_SIGNATURE');
    }

    // A URL signed with the right key ten minutes ago, valid for five: expired.
    const past = new LocalFileStorage({
      root: path.join(mediaDir, 'files'),
      secret: new TextEncoder().encode(fileUrlSecret),
      routePath: '/api/files',
      now: () => Date.now() - 600_000,
    });
    const old = await past.signedUrl('materiales/presupuesto-mensual.pdf', {
      filename: 'Presupuesto mensual.pdf',
      contentType: 'application/pdf',
      disposition: 'inline',
      ttlSeconds: 300,
    });
    const res = await get(old);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      internalCode: 'FILE_URL_EXPIRED',
      message: expect.stringContaining('venció'),
    });
  });

  it('refuses a material of a course the caller may not access, with the course endpoints’ codes', async () => {
    const { credentials } = await newSession(t.app);
    let res = await get('/api/academy/file-url/materiales/guia-inversion.pdf', bearer(credentials));
    expect(res.statusCode).toBe(403);
    expect(res.json().internalCode).toBe('SUBSCRIPTION_REQUIRED');

    res = await get('/api/academy/file-url/materiales/plan-de-deudas.xlsx', bearer(credentials));
    expect(res.statusCode).toBe(403);
    expect(res.json().internalCode).toBe('PURCHASE_REQUIRED');

    // A subscription does not open a program; its purchase does, and the XLSX comes with its type.
    await subscribe(credentials.userId);
    res = await get('/api/academy/file-url/materiales/plan-de-deudas.xlsx', bearer(credentials));
    expect(res.json().internalCode).toBe('PURCHASE_REQUIRED');
    await t.database.db.execute(
      sql`insert into user_purchases (user_id, product_type, product_id, source) values (${credentials.userId}, 'programs', 'programa-abierto', 'test')`,
    );
    const { url } = await fileUrl('materiales/plan-de-deudas.xlsx', bearer(credentials));
    const file = await get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(xlsxType);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses other file types, and keys that are not materials', async () => {
    const { credentials } = await newSession(t.app);
    const h = bearer(credentials);
    let res = await get('/api/academy/file-url/materiales/notas.docx', h);
    expect(res.statusCode).toBe(400);
    expect(res.json().internalCode).toBe('FILE_TYPE_NOT_ALLOWED');

    for (const key of [
      'materiales/no-existe.pdf',
      '%2Fmedia%2Fvideos%2Fbienvenida.mp4',
      '..%2F..%2Fpackage.json',
      'materiales/%2E%2E/%2E%2E/package.json',
    ]) {
      res = await get(`/api/academy/file-url/${key}`, h);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().internalCode).toBe('NOT_FOUND');
    }
  });

  it('serves shipped videos at their signed address with range requests, never the materials folder', async () => {
    const full = readFileSync(path.join(mediaDir, 'videos/bienvenida.mp4'));
    // decision 0102: the address is signed (signed-media.test.ts covers the refusals)
    const url = signMediaUrl(t.app.config, '/media/videos/bienvenida.mp4', mediaUrlExpiry());
    const res = await get(url, { range: 'bytes=0-99' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${full.length}`);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.rawPayload.equals(full.subarray(0, 100))).toBe(true);
    expect(res.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

    const thumb = await get('/media/thumbnails/presupuesto-mensual.webp');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    for (const url of [
      '/media/files/materiales/presupuesto-mensual.pdf',
      '/media/videos/no-existe.mp4',
      '/media/x',
    ]) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().internalCode).toBe('NOT_FOUND');
    }
    // The SPA fallback still answers other paths.
    expect((await get('/academy')).body).toContain('<title>SPA</title>');
  });
});
