import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminCourse } from '@alcancia/contract/admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import { auditLog } from '../../../db/schema';

// Issue 29: the cover is an upload, not an address typed in a field (decision 0118).

const filesDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-portadas-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false', FILES_DIR: filesDir }));

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('a content’s cover uploaded in the editor', { timeout: 60_000 }, () => {
  it('an editor uploads a PNG: it is stored, the cover points at it, it is served publicly and audited', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const created = await send('POST', '/api/admin/courses', editor.headers, {
      id: 'portada-subida',
      kind: 'COURSE',
      name: 'Curso con portada',
    });
    expect(created.statusCode, created.body).toBe(201);

    const put = await send('PUT', '/api/admin/courses/portada-subida/cover', editor.headers, {
      image: png.toString('base64'),
    });
    expect(put.statusCode, put.body).toBe(200);
    const thumbnail = (put.json() as AdminCourse).thumbnail as string;
    expect(thumbnail).toMatch(/^\/media\/portadas\/[0-9a-f]{32}\.png$/);
    // in the configured storage (FILES_DIR here)
    expect(readdirSync(path.join(filesDir, 'portadas'))).toEqual([thumbnail.split('/').pop()]);

    // public, with no session, exactly the bytes sent
    const served = await send('GET', thumbnail, {});
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await send('GET', '/media/portadas/no-es-una-portada.png', {})).statusCode).toBe(404);

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.cover'), eq(auditLog.targetId, 'portada-subida')));
    expect(entry?.actorEmail).toBe(editor.operator.email);
    expect(JSON.stringify(entry?.after)).toContain(thumbnail);
  });

  it('refuses what is not a JPEG, PNG or WebP, and an image over 2 MB, in Spanish, leaving the cover as it was', async () => {
    const editor = await operatorSession(t.app, 'editor');
    expect(
      (
        await send('POST', '/api/admin/courses', editor.headers, {
          id: 'portada-rechazada',
          kind: 'COURSE',
          name: 'Curso sin portada',
        })
      ).statusCode,
    ).toBe(201);
    const url = '/api/admin/courses/portada-rechazada/cover';

    const pdf = await send('PUT', url, editor.headers, {
      image: Buffer.from('%PDF-1.4 no soy una imagen').toString('base64'),
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({
      internalCode: 'INVALID_DATA',
      message: 'La portada tiene que ser una imagen JPEG, PNG o WebP.',
    });

    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await send('PUT', url, editor.headers, { image: big.toString('base64') });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({
      internalCode: 'INVALID_DATA',
      message: 'La imagen supera los 2 MB: elegí una más liviana.',
    });

    const course = (
      await send('GET', '/api/admin/courses/portada-rechazada', editor.headers)
    ).json() as AdminCourse;
    expect(course.thumbnail).toBeNull();
    expect(readdirSync(path.join(filesDir, 'portadas'))).toHaveLength(1);
  });

  it('support may not change a cover (403)', async () => {
    const support = await operatorSession(t.app, 'support');
    const res = await send('PUT', '/api/admin/courses/portada-subida/cover', support.headers, {
      image: png.toString('base64'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the catalogue’s tags for the editor’s tag picker', { timeout: 60_000 }, () => {
  it('lists the tags, adds one named in words (once), and a content then takes it', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const listed = await send('GET', '/api/admin/tags', editor.headers);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { items: { code: string }[] }).items.map((tag) => tag.code)).not.toContain(
      'ahorro_en_pesos',
    );

    // before it exists, a content may not take it
    const refused = await send('POST', '/api/admin/courses', editor.headers, {
      id: 'con-etiqueta-nueva',
      kind: 'COURSE',
      name: 'Curso con etiqueta nueva',
      tags: ['ahorro_en_pesos'],
    });
    expect(refused.statusCode).toBe(400);

    const created = await send('POST', '/api/admin/tags', editor.headers, { label: 'Ahorro en pesos' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ code: 'ahorro_en_pesos', label: 'Ahorro en pesos' });
    const again = await send('POST', '/api/admin/tags', editor.headers, { label: 'ahorro en Pesos' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ code: 'ahorro_en_pesos', label: 'Ahorro en pesos' });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tag.create'), eq(auditLog.targetId, 'ahorro_en_pesos')));
    expect(entry?.actorEmail).toBe(editor.operator.email);
    expect((await send('GET', '/api/admin/tags', editor.headers)).json()).toMatchObject({
      items: expect.arrayContaining([{ code: 'ahorro_en_pesos', label: 'Ahorro en pesos' }]),
    });

    const taken = await send('POST', '/api/admin/courses', editor.headers, {
      id: 'con-etiqueta-nueva',
      kind: 'COURSE',
      name: 'Curso con etiqueta nueva',
      tags: ['ahorro_en_pesos'],
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect((taken.json() as AdminCourse).tags).toEqual(['ahorro_en_pesos']);

    const blank = await send('POST', '/api/admin/tags', editor.headers, { label: '¿?' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Usá letras o números en la etiqueta.' });
    const support = await operatorSession(t.app, 'support');
    expect((await send('POST', '/api/admin/tags', support.headers, { label: 'Otra' })).statusCode).toBe(403);
  });
});
