import type { AdminCourse } from '@alcancia/contract/admin';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import { auditLog } from '../../../db/schema';
import { publishableFields } from './publication-test-setup';

// Issue 30: an editor uploads a class's Spanish WebVTT captions in the content editor; the learner's
// course answer then points at them, signed, and serves exactly that file (decision 0157).

const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nHola, esta es la clase de prueba.\n';

async function buildCourse(headers: Headers, id: string) {
  const created = await send('POST', '/api/admin/courses', headers, {
    id,
    kind: 'COURSE',
    name: `Curso ${id}`,
    isFree: true,
    ...(await publishableFields(t.app)),
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(
    (await send('POST', `/api/admin/courses/${id}/modules`, headers, { id: `${id}-m1`, name: 'Uno' }))
      .statusCode,
  ).toBe(201);
  const sections = [
    {
      id: `${id}-s1`,
      name: 'Clase',
      type: 'CLASS',
      duration: 30,
      sectionUrl: '/media/videos/bienvenida.mp4',
      mimeType: 'video/mp4',
      fileExtension: 'mp4',
    },
    { id: `${id}-s2`, name: 'Próximamente', type: 'EMPTY' },
  ];
  for (const section of sections) {
    const res = await send('POST', `/api/admin/courses/${id}/modules/${id}-m1/sections`, headers, section);
    expect(res.statusCode, res.body).toBe(201);
  }
  expect((await send('POST', `/api/admin/courses/${id}/publish`, headers)).statusCode).toBe(200);
}

const captionsOf = async (courseId: string, headers: Headers) => {
  const res = await send('GET', `/api/academy/${courseId}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { modules: { sections: { id: string; captions_url: string | null }[] }[] }).modules[0]
    ?.sections[0]?.captions_url as string | null;
};

describe('class captions uploaded in the content editor', { timeout: 60_000 }, () => {
  it('an editor uploads a class’s VTT; the learner gets it, signed, in place of the shipped one; removing it brings the shipped one back', async () => {
    const editor = await operatorSession(t.app, 'editor');
    await buildCourse(editor.headers, 'cc-subidos');
    const learner = bearer((await newSession(t.app)).credentials);
    // the demo video's shipped captions first
    expect(await captionsOf('cc-subidos', learner)).toMatch(/\/videos\/bienvenida\.vtt$/);

    const put = await send(
      'PUT',
      '/api/admin/courses/cc-subidos/sections/cc-subidos-s1/captions',
      editor.headers,
      { vtt },
    );
    expect(put.statusCode, put.body).toBe(200);
    const course = put.json() as AdminCourse;
    expect(course.modules[0]?.sections.map((s) => s.hasCaptions)).toEqual([true, false]);

    const url = await captionsOf('cc-subidos', learner);
    expect(url).toMatch(
      /^\/media\/s\/\d+\.[A-Za-z0-9_-]{43}\/subidas\/videos\/subtitulos\/cc-subidos-s1\.[0-9a-f]{16}\.vtt$/,
    );
    const served = await send('GET', url as string, {});
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(served.body).toBe(vtt);
    // unsigned: nothing
    expect((await send('GET', (url as string).replace(/^\/media\/s\/[^/]+/, '/media'), {})).statusCode).toBe(
      404,
    );

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'section.captions'), eq(auditLog.targetId, 'cc-subidos-s1')));
    expect(entry?.actorEmail).toBe(editor.operator.email);

    // a new file is a new address; the old one no longer answers
    const replaced = await send(
      'PUT',
      '/api/admin/courses/cc-subidos/sections/cc-subidos-s1/captions',
      editor.headers,
      {
        vtt: `${vtt}\n00:00:04.000 --> 00:00:08.000\nSegunda línea.\n`,
      },
    );
    expect(replaced.statusCode).toBe(200);
    const newUrl = await captionsOf('cc-subidos', learner);
    expect(newUrl).not.toBe(url);
    expect((await send('GET', url as string, {})).statusCode).toBe(404);
    expect((await send('GET', newUrl as string, {})).body).toContain('Segunda línea.');

    const removed = await send(
      'DELETE',
      '/api/admin/courses/cc-subidos/sections/cc-subidos-s1/captions',
      editor.headers,
    );
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as AdminCourse).modules[0]?.sections[0]?.hasCaptions).toBe(false);
    expect(await captionsOf('cc-subidos', learner)).toMatch(/\/videos\/bienvenida\.vtt$/);
  });

  it('refuses in Spanish what is not WebVTT, a file over 500 KB, a section that is not a class, and anyone but an editor', async () => {
    const editor = await operatorSession(t.app, 'editor');
    await buildCourse(editor.headers, 'cc-rechazos');
    const url = '/api/admin/courses/cc-rechazos/sections/cc-rechazos-s1/captions';

    const srt = await send('PUT', url, editor.headers, { vtt: '1\n00:00:01,000 --> 00:00:02,000\nHola\n' });
    expect(srt.statusCode).toBe(400);
    expect(srt.json().message).toBe('El archivo no es WebVTT: tiene que empezar con «WEBVTT».');

    const big = await send('PUT', url, editor.headers, { vtt: `WEBVTT\n\n${'x'.repeat(500 * 1024)}` });
    expect(big.statusCode).toBe(400);
    expect(JSON.stringify(big.json())).toContain('El archivo de subtítulos supera los 500 KB.');

    const empty = await send(
      'PUT',
      '/api/admin/courses/cc-rechazos/sections/cc-rechazos-s2/captions',
      editor.headers,
      { vtt },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Solo las clases llevan subtítulos.');

    const support = await operatorSession(t.app, 'support');
    expect((await send('PUT', url, support.headers, { vtt })).statusCode).toBe(403);
    const learner = bearer((await newSession(t.app)).credentials);
    expect([401, 403]).toContain((await send('PUT', url, learner, { vtt })).statusCode);
  });
});
