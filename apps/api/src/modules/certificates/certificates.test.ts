import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { dayOffset, insertCatalogFixture } from '../../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { courseModules, courseSections } from '../../db/schema';
import { spanishDate } from '../../lib/spanish-format';
import { newCertificateId } from './issue-certificate';
import { renderCertificate } from './render-certificate';

type SectionType = 'CLASS' | 'DOWNLOADABLE_MATERIAL' | 'EMPTY';

/**
 * presupuesto-gratis (free) ends with a video class in its last module, so only finishing it opens
 * the certificate; inversion-bonos (paid) ends with a material, so its one class done is enough.
 * The module and section orders are inserted shuffled on purpose.
 */
async function insertStructure(t: TestApp) {
  await t.database.db.insert(courseModules).values([
    { id: 'free-m2', courseId: 'presupuesto-gratis', name: 'Cierre', order: 2 },
    { id: 'free-m1', courseId: 'presupuesto-gratis', name: 'Inicio', order: 1 },
    { id: 'bonos-m1', courseId: 'inversion-bonos', name: 'Bonos', order: 1 },
    { id: 'prog-m1', courseId: 'programa-abierto', name: 'Programa', order: 1 },
  ]);
  const section = (id: string, moduleId: string, courseId: string, order: number, type: SectionType) => ({
    id,
    moduleId,
    courseId,
    name: id,
    order,
    type,
    durationSeconds: type === 'CLASS' ? 30 : 0,
    sectionUrl:
      type === 'CLASS' ? '/media/videos/clase-ahorro.mp4' : type === 'EMPTY' ? null : 'materiales/x.pdf',
  });
  await t.database.db
    .insert(courseSections)
    .values([
      section('free-pdf', 'free-m1', 'presupuesto-gratis', 2, 'DOWNLOADABLE_MATERIAL'),
      section('free-last-video', 'free-m2', 'presupuesto-gratis', 2, 'CLASS'),
      section('free-m2-pdf', 'free-m2', 'presupuesto-gratis', 1, 'DOWNLOADABLE_MATERIAL'),
      section('free-first-video', 'free-m1', 'presupuesto-gratis', 1, 'CLASS'),
      section('bonos-video', 'bonos-m1', 'inversion-bonos', 1, 'CLASS'),
      section('bonos-pdf', 'bonos-m1', 'inversion-bonos', 2, 'DOWNLOADABLE_MATERIAL'),
      section('prog-pdf', 'prog-m1', 'programa-abierto', 1, 'DOWNLOADABLE_MATERIAL'),
    ]);
}

/** Width and height from the PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('certificates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertCatalogFixture(t.database.db);
    await insertStructure(t);
  });
  afterAll(() => t.close());

  const certificate = (courseId: string, headers: Record<string, string>, extra = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/academy/certificate?course_id=${courseId}&send_by_email=false&type=standard${extra}`,
      headers,
    });
  const finish = (userId: string, courseId: string, at: string) =>
    t.database.db.execute(
      sql`insert into course_progress (user_id, course_id, finished_at) values (${userId}, ${courseId}, ${at}::timestamptz)`,
    );
  const issuedId = async (userId: string, courseId: string) => {
    const { rows } = await t.database.db.execute<{ id: string }>(
      sql`select id from certificates where user_id = ${userId} and course_id = ${courseId}`,
    );
    return rows.map((r) => r.id);
  };

  it('writes dates in Spanish and makes readable, unguessable ids', () => {
    expect(spanishDate('2026-11-22')).toBe('22 de noviembre de 2026');
    expect(spanishDate('2027-01-05')).toBe('5 de enero de 2027');
    const ids = new Set(Array.from({ length: 200 }, newCertificateId));
    expect(ids.size).toBe(200);
    for (const id of ids)
      expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('renders the same bytes for the same content, even with letters beyond Spanish', async () => {
    const content = {
      id: '7K3M-9QX2-H4TD',
      learnerName: 'Łucja Ñañez Müller',
      courseName: 'Finanzas en pareja: ¿quién paga?',
      completedOn: '2026-11-22',
      verifyUrl: 'http://localhost:3000/api/certificates/7K3M-9QX2-H4TD',
    };
    const [a, b] = [await renderCertificate(content), await renderCertificate(content)];
    expect(a.equals(b)).toBe(true);
    expect(pngSize(a)).toEqual({ width: 1600, height: 1130 });
  });

  it('requires a session and a known course', async () => {
    expect((await certificate('presupuesto-gratis', {})).statusCode).toBe(401);
    const { credentials } = await newSession(t.app);
    const res = await certificate('no-existe', bearer(credentials));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('El curso ingresado no existe');
  });

  it('is not available while the course is unfinished and its last section is a class', async () => {
    const { credentials } = await newSession(t.app);
    const res = await certificate('presupuesto-gratis', bearer(credentials));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      internalCode: 'CERTIFICATE_NOT_AVAILABLE',
      message: expect.stringContaining('cuando termines el curso'),
    });
    expect(await issuedId(credentials.userId, 'presupuesto-gratis')).toEqual([]);
  });

  it('gives a finished course a PNG with its Argentina completion date; the same bytes every time', async () => {
    const { credentials } = await newSession(t.app);
    // 01:30 UTC on the 23rd is still the 22nd in Buenos Aires.
    await finish(credentials.userId, 'presupuesto-gratis', '2026-11-23T01:30:00Z');
    const first = await certificate('presupuesto-gratis', bearer(credentials));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="Tu primer presupuesto_certificado.png"; ` +
        `filename*=UTF-8''Tu%20primer%20presupuesto_certificado.png`,
    );
    const png = first.rawPayload;
    expect(png.subarray(0, 8).equals(pngMagic)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 1600, height: 1130 });
    expect(png.length).toBeGreaterThan(20_000);

    const second = await certificate('presupuesto-gratis', bearer(credentials));
    expect(second.rawPayload.equals(png)).toBe(true);

    const [id] = await issuedId(credentials.userId, 'presupuesto-gratis');
    // The code printed on it travels with the image (the app links to /certificados/{id}).
    expect(first.headers['x-certificate-id']).toBe(id);
    const lookup = await t.app.inject({ method: 'GET', url: `/api/certificates/${id}` });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual({
      id,
      learnerName: 'Ana Pérez',
      courseName: 'Tu primer presupuesto',
      completedOn: '2026-11-22',
    });
  });

  it('is never issued without the work, even when the last section is not a class', async () => {
    const { credentials } = await newSession(t.app);
    await t.database.db.execute(
      sql`update users set subscription_end_date = ${dayOffset(30)} where id = ${credentials.userId}`,
    );
    const none = await certificate('inversion-bonos', bearer(credentials));
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({
      internalCode: 'CERTIFICATE_NOT_AVAILABLE',
      message: expect.stringContaining('cuando termines el curso'),
    });
    expect(await issuedId(credentials.userId, 'inversion-bonos')).toEqual([]);
  });

  it('under the last-section reading: every class complete is enough (a closing material unopened), dated when the last class was completed', async () => {
    const { credentials } = await newSession(t.app);
    await t.database.db.execute(
      sql`update users set subscription_end_date = ${dayOffset(30)} where id = ${credentials.userId}`,
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      headers: bearer(credentials),
      payload: {
        courseId: 'inversion-bonos',
        progress: { moduleId: 'bonos-m1', sectionId: 'bonos-video', seconds: 30 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().finished_at).toBeNull();
    // She completed it on 10 March (a saved row's first completion time) and downloads today.
    await t.database.db.execute(
      sql`update section_progress set completed_at = '2026-03-10T15:00:00Z' where user_id = ${credentials.userId} and section_id = 'bonos-video'`,
    );
    const res = await certificate('inversion-bonos', bearer(credentials));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''Inversi%C3%B3n%20en%20bonos_certificado.png`,
    );
    const [id] = await issuedId(credentials.userId, 'inversion-bonos');
    const lookup = await t.app.inject({ method: 'GET', url: `/api/certificates/${id?.toLowerCase()}` });
    expect(lookup.json()).toMatchObject({ courseName: 'Inversión en bonos', completedOn: '2026-03-10' });
  });

  it('refuses a course the caller may not access, even when its last section is a material', async () => {
    const { credentials } = await newSession(t.app);
    let res = await certificate('inversion-bonos', bearer(credentials));
    expect(res.statusCode).toBe(403);
    expect(res.json().internalCode).toBe('SUBSCRIPTION_REQUIRED');
    res = await certificate('programa-abierto', bearer(credentials));
    expect(res.statusCode).toBe(403);
    expect(res.json().internalCode).toBe('PURCHASE_REQUIRED');
  });

  it('issues one certificate when two requests race', async () => {
    const { credentials } = await newSession(t.app);
    await finish(credentials.userId, 'presupuesto-gratis', '2026-03-10T15:00:00Z');
    const [a, b] = await Promise.all([
      certificate('presupuesto-gratis', bearer(credentials)),
      certificate('presupuesto-gratis', bearer(credentials)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(await issuedId(credentials.userId, 'presupuesto-gratis')).toHaveLength(1);
  });

  it('does not send by e-mail and validates the query', async () => {
    const { credentials } = await newSession(t.app);
    let res = await t.app.inject({
      method: 'GET',
      url: '/api/academy/certificate?course_id=presupuesto-gratis&send_by_email=true&type=standard',
      headers: bearer(credentials),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().internalCode).toBe('CERTIFICATE_EMAIL_NOT_SUPPORTED');
    res = await certificate('presupuesto-gratis', bearer(credentials), '&type=premium');
    expect(res.statusCode).toBe(400);
  });

  it('looks up unknown and malformed ids as 404 and 400', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/certificates/AAAA-BBBB-CCCC' });
    expect(res.statusCode).toBe(404);
    expect(res.json().internalCode).toBe('NOT_FOUND');
    res = await t.app.inject({ method: 'GET', url: '/api/certificates/not-an-id' });
    expect(res.statusCode).toBe(400);
  });
});
