import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import { auditLog, courses } from '../../../db/schema';
import { publishableFields } from './publication-test-setup';

const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

describe('publishing runs a checklist (issue 29)', () => {
  it('a content without cover, category or level is not published nor scheduled; the answer names what is missing', async () => {
    const { headers } = await operatorSession(t.app, 'editor');
    const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const created = await send('POST', '/api/admin/courses', {
      id: 'a-medio-hacer',
      kind: 'COURSE',
      name: 'A medio hacer',
      isFree: true,
    });
    expect(created.statusCode, created.body).toBe(201);

    const refused = await send('POST', '/api/admin/courses/a-medio-hacer/publish');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      internalCode: 'COURSE_INCOMPLETE',
      message:
        'Para publicarlo falta la portada, la categoría y el nivel. Subí la portada en «Portada» y completá el resto en «Datos» (guardá al terminar).',
      fields: [
        { path: 'thumbnail', message: 'Falta la portada.' },
        { path: 'category', message: 'Falta la categoría.' },
        { path: 'level', message: 'Falta el nivel.' },
      ],
    });
    const scheduled = await send('PUT', '/api/admin/courses/a-medio-hacer/schedule', {
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(scheduled.statusCode).toBe(409);
    expect(scheduled.json().internalCode).toBe('COURSE_INCOMPLETE');

    // with the cover only, the rest is still named
    await send('PATCH', '/api/admin/courses/a-medio-hacer', { thumbnail: '/media/images/portada.jpg' });
    const partly = await send('POST', '/api/admin/courses/a-medio-hacer/publish');
    expect(partly.json().message).toBe(
      'Para publicarlo falta la categoría y el nivel. Completalo en «Datos» y guardá.',
    );

    const [row] = await t.app.db.select().from(courses).where(eq(courses.id, 'a-medio-hacer'));
    expect(row).toMatchObject({ published: false, publishAt: null });
    const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, 'a-medio-hacer'));
    expect(audited.map((e) => e.action)).not.toContain('course.publish');

    const filled = await send('PATCH', '/api/admin/courses/a-medio-hacer', await publishableFields(t.app));
    expect(filled.statusCode, filled.body).toBe(200);
    const published = await send('POST', '/api/admin/courses/a-medio-hacer/publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ published: true });
  });
});
