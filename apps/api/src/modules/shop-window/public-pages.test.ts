import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogFixture, insertCourseStructureFixture } from '../../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { announceContentChange } from '../academy/content-cache';

/** The head of the real build (apps/web/index.html), reduced: a title, a description, a script. */
function webBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'alcancia-shop-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Alcancía: academia de educación financiera para mujeres." />
    <title>Alcancía · Educación financiera</title>
    <script type="module" crossorigin src="/assets/index-AbC123xy.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`,
  );
  return dir;
}

const publicUrl = 'https://alcancia.example';

/** Issue 30, "Link previews and search engines": the HTML a crawler reads without JavaScript. */
describe('public pages for link previews and search engines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: webBuild(), PUBLIC_URL: publicUrl, RATE_LIMIT_ENABLED: 'false' });
    await insertCatalogFixture(t.database.db);
    await insertCourseStructureFixture(t.database.db);
    await t.database.db.execute(
      sql`update courses set cover = ${JSON.stringify({ src: '/covers/bonos-960.0a1b2c3d.webp', width: 960, height: 540, srcset: [] })}::jsonb,
            description = 'Cómo invertir en renta fija, paso a paso.' where id = 'inversion-bonos'`,
    );
    await announceContentChange(t.database.db);
  });
  afterAll(() => t.close());

  const html = async (url: string, status = 200) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    return res;
  };
  const metaOf = (body: string, attribute: 'name' | 'property', key: string) =>
    body.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1];
  const embeddedOf = (body: string) =>
    JSON.parse(
      /<script type="application\/json" id="public-course-data">([\s\S]*?)<\/script>/.exec(body)?.[1] ??
        'null',
    );
  const jsonLdOf = (body: string) =>
    [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] as string),
    );

  it("a course's page carries its own title, description, Open Graph, Twitter and Course JSON-LD", async () => {
    const res = await html('/cursos/inversion-bonos');
    const body = res.body;
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body).toContain('<title>Inversión en bonos · Alcancía</title>');
    expect(body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(body, 'name', 'description')).toBe('Cómo invertir en renta fija, paso a paso.');
    expect(metaOf(body, 'property', 'og:title')).toBe('Inversión en bonos · Alcancía');
    expect(metaOf(body, 'property', 'og:image')).toBe(`${publicUrl}/covers/bonos-960.0a1b2c3d.webp`);
    expect(metaOf(body, 'property', 'og:url')).toBe(`${publicUrl}/cursos/inversion-bonos`);
    expect(metaOf(body, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(body, 'name', 'twitter:image')).toBe(`${publicUrl}/covers/bonos-960.0a1b2c3d.webp`);
    const [course, organization] = jsonLdOf(body);
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Inversión en bonos',
      url: `${publicUrl}/cursos/inversion-bonos`,
      instructor: { name: 'Carolina Sosa' },
      provider: { '@type': 'Organization', name: 'Alcancía' },
    });
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Alcancía' });
    // the SPA still boots from it, under the same CSP (no inline script but data blocks)
    expect(body).toContain('<script type="module" crossorigin src="/assets/index-AbC123xy.js"></script>');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('escapes a malicious title everywhere: no tag closes early, the JSON-LD still parses to it', async () => {
    const evil = `Ahorro "</title><script>alert(1)</script>' & </script><img src=x onerror=alert(2)>`;
    await t.database.db.execute(sql`update courses set name = ${evil} where id = 'salir-deudas'`);
    await announceContentChange(t.database.db);
    const { body } = await html('/cursos/salir-deudas');
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<img src=x');
    expect(body.match(/<\/title>/g)).toHaveLength(1);
    // the app's module, two JSON-LD blocks and the page's data (issue 30)
    expect(body.match(/<script/g)).toHaveLength(4);
    expect(metaOf(body, 'property', 'og:title')).toBe(
      'Ahorro &#34;&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#39; &#38; &#60;/script&#62;&#60;img src=x onerror=alert(2)&#62; · Alcancía',
    );
    const [course] = jsonLdOf(body);
    expect(course.name).toBe(evil);
    expect(embeddedOf(body).name).toBe(evil);
  });

  it("a course's page carries what it shows first: the API's answer as a data block and its picture asked for at once (issue 30)", async () => {
    await t.database.db.execute(
      sql`update courses set thumbnail = '/media/thumbnails/deudas.webp' where id = 'salir-deudas'`,
    );
    await announceContentChange(t.database.db);
    const { body } = await html('/cursos/salir-deudas');
    const api = await t.app.inject({ method: 'GET', url: '/api/academy/public/salir-deudas' });
    expect(api.statusCode).toBe(200);
    expect(embeddedOf(body)).toEqual(api.json());
    const picture = api.json().cover?.src ?? api.json().thumbnail;
    expect(picture).toBeTruthy();
    expect(body).toContain(`<link rel="preload" as="image" href="${picture}`);
    expect(body).toMatch(/<link rel="preload" as="image"[^>]*fetchpriority="high"/);
  });

  it('a program has its page at /programas/{id}, with its price as the offer', async () => {
    const { body } = await html('/programas/programa-abierto');
    expect(body).toContain('<title>Programa Emprendé · Alcancía</title>');
    const [course] = jsonLdOf(body);
    expect(course.offers).toMatchObject({ '@type': 'Offer', price: '45000.00', priceCurrency: 'ARS' });
  });

  it('the home and the catalogue describe Alcancía, with the Organization and the list of courses', async () => {
    const home = (await html('/')).body;
    expect(home).toContain('<title>Alcancía · Educación financiera para mujeres</title>');
    expect(jsonLdOf(home)).toEqual([
      expect.objectContaining({ '@type': 'Organization', url: `${publicUrl}/` }),
    ]);
    const list = (await html('/cursos')).body;
    const [, items] = jsonLdOf(list);
    expect(items['@type']).toBe('ItemList');
    expect(items.itemListElement.map((i: { url: string }) => i.url)).toContain(
      `${publicUrl}/cursos/inversion-bonos`,
    );
  });

  it('an unknown or unpublished course is a 404 that is not indexed, the app still boots', async () => {
    await t.database.db.execute(sql`update courses set published = false where id = 'presupuesto-gratis'`);
    await announceContentChange(t.database.db);
    for (const url of ['/cursos/presupuesto-gratis', '/cursos/no-existe']) {
      const { body } = await html(url, 404);
      expect(body).toContain('<meta name="robots" content="noindex" />');
      expect(body).toContain('<div id="root"></div>');
      expect(body).not.toContain('Tu primer presupuesto');
    }
    await t.database.db.execute(sql`update courses set published = true where id = 'presupuesto-gratis'`);
    await announceContentChange(t.database.db);
    expect((await html('/cursos/presupuesto-gratis')).body).toContain(
      '<title>Tu primer presupuesto · Alcancía</title>',
    );
  });

  it('sitemap.xml lists the public pages of published content only; robots.txt keeps the private ones out', async () => {
    await t.database.db.execute(sql`update courses set published = false where id = 'programa-cerrado'`);
    await announceContentChange(t.database.db);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${publicUrl}/`,
        `${publicUrl}/cursos`,
        `${publicUrl}/cursos/inversion-bonos`,
        `${publicUrl}/programas/programa-abierto`,
        `${publicUrl}/programas/pack-completo`,
      ]),
    );
    expect(locs).not.toContain(`${publicUrl}/programas/programa-cerrado`);
    expect(locs.some((l) => /\/(academy|login|admin|mi-cuenta|compra)/.test(l ?? ''))).toBe(false);

    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    for (const line of [
      'Disallow: /academy',
      'Disallow: /admin',
      'Disallow: /api/',
      'Disallow: /mi-cuenta',
      'Allow: /cursos',
    ]) {
      expect(robots.body).toContain(line);
    }
    expect(robots.body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });

  it('a certificate’s check page previews who earned it, for which course, with the course’s picture; never indexed; an unknown one is a 404 (issue 44)', async () => {
    const [user] = (
      await t.database.db.execute<{ id: string }>(
        sql`insert into users (email, name, password_hash, country_code, telephone)
            values ('cert-preview@alcancia.test', 'Ana Preview', 'x', 'AR', '+5491100000000') returning id`,
      )
    ).rows;
    await t.database.db.execute(
      sql`insert into certificates (id, user_id, course_id, learner_name, course_name, completed_on)
          values ('CERTPREVIEW01', ${user?.id}, 'inversion-bonos', 'Ana Preview', 'Inversión en bonos', '2026-03-12')`,
    );
    const { body } = await html('/certificados/CERTPREVIEW01');
    expect(metaOf(body, 'property', 'og:title')).toBe(
      'Certificado de Ana Preview: Inversión en bonos · Alcancía',
    );
    expect(metaOf(body, 'property', 'og:description')).toContain('completó el curso «Inversión en bonos»');
    expect(metaOf(body, 'property', 'og:description')).toContain('12 de marzo de 2026');
    expect(metaOf(body, 'property', 'og:url')).toBe(`${publicUrl}/certificados/CERTPREVIEW01`);
    expect(metaOf(body, 'property', 'og:image')).toBe(`${publicUrl}/covers/bonos-960.0a1b2c3d.webp`);
    expect(metaOf(body, 'name', 'twitter:card')).toBeDefined();
    expect(body).toContain('<meta name="robots" content="noindex" />');
    await html('/certificados/NO-EXISTE', 404);
    // the preview bots may read it (LinkedIn's obeys robots.txt)
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).not.toContain('Disallow: /certificados');
  });

  it('other addresses still get the plain app (history fallback)', async () => {
    const { body } = await html('/academy/inversion-bonos');
    expect(body).toContain('<title>Alcancía · Educación financiera</title>');
  });
});
