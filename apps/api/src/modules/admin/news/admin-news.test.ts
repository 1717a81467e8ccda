import type { NewsHome } from '@alcancia/contract';
import type { AdminNewsPost } from '@alcancia/contract/admin';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../../test/accounts';
import { seedCatalogWithStructures } from '../../../../test/catalog-fixture';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import { auditLog } from '../../../db/schema';

/** Issue 44: the academy's posts, written in the back office, shown in her Novedades. */
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }), seedCatalogWithStructures);

const post = {
  title: 'Nueva clase sobre presupuesto',
  coverUrl: '/covers/presupuesto.webp',
  coverAlt: 'Una libreta con cuentas',
  body: '## Esta semana\n\nArmá tu **presupuesto** en *diez minutos*.\n\n- Anotá tus gastos\n- Revisá [la guía](https://alcancia.example/guia)',
  linkCourseId: 'presupuesto-gratis',
  linkSectionId: 'pg-s1',
};

const auditOf = (action: string, id: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

const postCount = async () =>
  Number((await t.app.db.execute<{ n: string }>(sql`select count(*) as n from news_posts`)).rows[0]?.n);

describe('posts in the back office', () => {
  it('an editor writes a post, publishes it, her home shows it with its class link; taken back, it leaves; each step audited', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: editor.headers,
      payload: post,
    });
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json() as AdminNewsPost;
    expect(saved).toMatchObject({ title: post.title, publishedAt: null, linkSectionId: 'pg-s1' });
    expect(await auditOf('news_post.create', saved.id)).toHaveLength(1);

    const learner = bearer((await newSession(t.app)).credentials);
    const homeOf = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/news/home', headers: learner })).json() as NewsHome;
    expect((await homeOf()).posts).toEqual([]); // not published yet

    const publish = (published: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/news/${saved.id}/publication`,
        headers: editor.headers,
        payload: { published },
      });
    expect((await publish(true)).statusCode).toBe(200);
    expect((await publish(true)).statusCode).toBe(200); // a replayed click changes nothing
    expect(await auditOf('news_post.publish', saved.id)).toHaveLength(1);
    const [shown] = (await homeOf()).posts;
    expect(shown).toMatchObject({
      id: saved.id,
      title: post.title,
      body: post.body,
      link: { kind: 'CLASS', courseId: 'presupuesto-gratis', sectionId: 'pg-s1', label: 'Clase pg-s1' },
    });

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/news/${saved.id}`,
      headers: editor.headers,
      payload: {
        ...post,
        title: 'Presupuesto en diez minutos',
        linkSectionId: null,
        linkCourseId: 'programa-abierto',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [audit] = await auditOf('news_post.update', saved.id);
    expect(audit?.before).toMatchObject({ title: post.title });
    expect(audit?.after).toMatchObject({
      title: 'Presupuesto en diez minutos',
      linkCourseId: 'programa-abierto',
    });
    expect((await homeOf()).posts[0]?.link).toMatchObject({
      kind: 'PROGRAM',
      courseId: 'programa-abierto',
      sectionId: null,
    });

    expect((await publish(false)).statusCode).toBe(200);
    expect(await auditOf('news_post.unpublish', saved.id)).toHaveLength(1);
    expect((await homeOf()).posts).toEqual([]);
  });

  it('refuses a post with a script (or any HTML) and a javascript: link, in Spanish, storing nothing', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const before = await postCount();
    for (const body of [
      'Hola <script>alert(1)</script>',
      'Mirá <img src=x onerror=alert(1)>',
      '<!-- escondido --> texto',
      'Un <a href="https://x">enlace</a>',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/news',
        headers: editor.headers,
        payload: { ...post, body },
      });
      expect(res.statusCode, body).toBe(422);
      expect(res.json()).toMatchObject({
        internalCode: 'NEWS_POST_HTML',
        message: expect.stringContaining('El texto no admite HTML ni scripts'),
      });
    }
    const title = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: editor.headers,
      payload: { ...post, title: '<script>alert(1)</script>' },
    });
    expect(title.statusCode).toBe(422);
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,hola',
      'http://inseguro.example',
      '//otro.example/x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/news',
        headers: editor.headers,
        payload: { ...post, body: `Leé [esto](${href})` },
      });
      expect(res.statusCode, href).toBe(422);
      expect(res.json()).toMatchObject({ internalCode: 'NEWS_POST_LINK' });
    }
    const cover = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: editor.headers,
      payload: { ...post, coverUrl: 'javascript:alert(1)' },
    });
    expect(cover.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: editor.headers,
      payload: { ...post, linkCourseId: 'presupuesto-gratis', linkSectionId: 'ib-s1' }, // a class of another course
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ internalCode: 'NEWS_POST_TARGET_UNKNOWN' });
    expect(await postCount()).toBe(before);
  });

  it('is for operators with the content permission: support and learners are refused', async () => {
    const support = await operatorSession(t.app, 'support');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/news', headers: support.headers })).statusCode,
    ).toBe(403);
    const learner = bearer((await newSession(t.app)).credentials);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: learner,
      payload: post,
    });
    expect([401, 403]).toContain(res.statusCode);
  });
});
