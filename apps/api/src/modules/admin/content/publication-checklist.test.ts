import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import { auditLog, courses, packItems } from '../../../db/schema';
import { publishableFields } from './publication-test-setup';

const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

/** An editor's requests: method, address and body. */
async function editorSend() {
  const { headers } = await operatorSession(t.app, 'editor');
  return async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

describe('publishing runs a checklist (issues 29 and 40)', () => {
  it('a content without cover, category, level, module or class is not published nor scheduled; the answer names what is missing', async () => {
    const send = await editorSend();
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
        'Para publicarlo falta la portada, la categoría, el nivel, un módulo y una clase con su video o material. Subí la portada en «Portada»; completá «Datos» y guardá; agregá un módulo con una clase (su video o material) en «Módulos y secciones».',
      fields: [
        { path: 'thumbnail', message: 'Falta la portada.' },
        { path: 'category', message: 'Falta la categoría.' },
        { path: 'level', message: 'Falta el nivel.' },
        { path: 'modules', message: 'Falta al menos un módulo.' },
        { path: 'sections', message: 'Falta al menos una clase con su video o material.' },
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
      'Para publicarlo falta la categoría, el nivel, un módulo y una clase con su video o material. Completá «Datos» y guardá; agregá un módulo con una clase (su video o material) en «Módulos y secciones».',
    );

    // the card is complete, but it is an empty course: no module, no class
    const filled = await send('PATCH', '/api/admin/courses/a-medio-hacer', await publishableFields(t.app));
    expect(filled.statusCode, filled.body).toBe(200);
    const empty = await send('POST', '/api/admin/courses/a-medio-hacer/publish');
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(
      'Para publicarlo falta un módulo y una clase con su video o material. Agregá un módulo con una clase (su video o material) en «Módulos y secciones».',
    );

    // a module whose only section is an empty one ("próximamente") is still nothing to open
    const module = await send('POST', '/api/admin/courses/a-medio-hacer/modules', {
      id: 'a-medio-hacer-m1',
      name: 'Primeros pasos',
    });
    expect(module.statusCode, module.body).toBe(201);
    const soon = await send('POST', '/api/admin/courses/a-medio-hacer/modules/a-medio-hacer-m1/sections', {
      id: 'a-medio-hacer-vacia',
      name: 'Próximamente',
      type: 'EMPTY',
    });
    expect(soon.statusCode, soon.body).toBe(201);
    const noVideo = await send('POST', '/api/admin/courses/a-medio-hacer/publish');
    expect(noVideo.statusCode).toBe(409);
    expect(noVideo.json()).toEqual({
      internalCode: 'COURSE_INCOMPLETE',
      message:
        'Para publicarlo falta una clase con su video o material. Agregá una clase con su video o material en «Módulos y secciones».',
      fields: [{ path: 'sections', message: 'Falta al menos una clase con su video o material.' }],
    });

    const [row] = await t.app.db.select().from(courses).where(eq(courses.id, 'a-medio-hacer'));
    expect(row).toMatchObject({ published: false, publishAt: null });
    const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, 'a-medio-hacer'));
    expect(audited.map((e) => e.action)).not.toContain('course.publish');

    // a class with its video: published
    const withVideo = await send(
      'POST',
      '/api/admin/courses/a-medio-hacer/modules/a-medio-hacer-m1/sections',
      {
        id: 'a-medio-hacer-s1',
        name: 'Bienvenida',
        type: 'CLASS',
        duration: 60,
        sectionUrl: '/media/videos/bienvenida.mp4',
        mimeType: 'video/mp4',
        fileExtension: 'mp4',
      },
    );
    expect(withVideo.statusCode, withVideo.body).toBe(201);
    const published = await send('POST', '/api/admin/courses/a-medio-hacer/publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ published: true });
  });

  it('a pack whose contents are gone (each deleted) is not published; with one again, it is', async () => {
    const send = await editorSend();
    await send('POST', '/api/admin/courses', {
      id: 'curso-del-pack',
      kind: 'COURSE',
      name: 'Curso del pack',
    });
    const created = await send('POST', '/api/admin/courses', {
      id: 'pack-vacio',
      kind: 'PACK',
      name: 'Pack vacío',
      price: 1000,
      items: ['curso-del-pack'],
      ...(await publishableFields(t.app)),
    });
    expect(created.statusCode, created.body).toBe(201);
    // the editor cannot save a pack without contents; deleting its only content empties it
    await t.app.db.delete(packItems).where(eq(packItems.packId, 'pack-vacio'));
    const refused = await send('POST', '/api/admin/courses/pack-vacio/publish');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      internalCode: 'COURSE_INCOMPLETE',
      message: 'Para publicarlo falta un contenido en el pack. Completá «Datos» y guardá.',
      fields: [{ path: 'items', message: 'Falta al menos un contenido en el pack.' }],
    });
    const items = await send('PATCH', '/api/admin/courses/pack-vacio', { items: ['curso-del-pack'] });
    expect(items.statusCode, items.body).toBe(200);
    const published = await send('POST', '/api/admin/courses/pack-vacio/publish');
    expect(published.statusCode, published.body).toBe(200);
  });
});
