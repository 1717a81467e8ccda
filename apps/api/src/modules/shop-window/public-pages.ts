import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type PublicCourse, publicCourseSchema } from '@alcancia/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { certificates, courses } from '../../db/schema';
import { contentCache } from '../academy/content-cache';
import { coursePageChunkTags } from './page-chunks';
import {
  catalogueMeta,
  certificateMeta,
  courseMeta,
  homeMeta,
  notFoundMeta,
  type PageMeta,
  publicPathOf,
} from './page-meta';
import { loadPublicCourse } from './public-catalog';
import { renderPage } from './render-page';

interface ListedItem {
  id: string;
  name: string;
  type: 'COURSE' | 'PROGRAM' | 'PACK' | 'EVENT';
  path: string;
  picture: string | null;
  updatedAt: Date;
}

const listed = contentCache<ListedItem[]>('public-pages', 1);

/** Published courses, programs and packs in catalogue order: the sitemap and the list pages' data. */
export function publishedItems(db: Database): Promise<ListedItem[]> {
  return listed.get(db, 'items', async () => {
    const rows = await db
      .select({
        id: courses.id,
        name: courses.name,
        type: courses.kind,
        cover: courses.cover,
        thumbnail: courses.thumbnail,
        updatedAt: courses.updatedAt,
      })
      .from(courses)
      .where(and(eq(courses.published, true), inArray(courses.kind, ['COURSE', 'PROGRAM', 'PACK'])))
      .orderBy(asc(courses.sortOrder), asc(courses.name), asc(courses.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      path: publicPathOf(r),
      picture: r.cover?.src ?? r.thumbnail,
      updatedAt: r.updatedAt,
    }));
  });
}

/** Paths of the logged-in app and of flows no search engine should list. */
const privatePrefixes = [
  '/api/',
  '/academy',
  '/admin',
  '/mi-cuenta',
  '/compra',
  '/suscripcion',
  '/comunidad',
  '/novedades',
  '/misCuentas',
  '/aladina',
  '/login',
  '/register',
  '/validate',
  '/recover',
  '/deepLink',
  '/scan/',
  '/arrepentimiento',
  '/dev/',
  '/sandbox/',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /$',
    'Allow: /cursos',
    'Allow: /programas/',
    ...privatePrefixes.map((p) => `Disallow: ${p}`),
    // the logged-in list and a program's logged-in detail
    'Disallow: /programas$',
    'Disallow: /programas/*/detalle',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

export function sitemapXml(publicUrl: string, items: ListedItem[]): string {
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${xmlEscape(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('/'),
    url('/cursos'),
    ...items.map((item) => url(item.path, item.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * The shop window's server side (issue 30): `/`, `/cursos`, `/cursos/{id}` and `/programas/{id}`
 * answer the built index.html with their own title, description, Open Graph and Twitter tags and
 * JSON-LD, so a shared link previews without JavaScript; `/robots.txt` and `/sitemap.xml` list the
 * public pages. Everything is read from the content caches, which the content import empties when
 * it commits, so a change in the back office shows at once. Called by the web app plugin
 * (web-app.ts) once it knows whether a build exists: without one only the two text files
 * are served.
 */
/** The id of the data block the web app reads (features/shop-window/shop-api.ts). */
export const publicCourseDataId = 'public-course-data';

/**
 * The course page's cover as its `<img>` asks for it (shop-parts.tsx `CoverImage`, with the
 * course page's `sizes`), so the browser uses the preloaded picture.
 */
function coverPreload(course: PublicCourse): PageMeta['preloadImage'] {
  if (course.cover) {
    const srcset = course.cover.srcset.map((s) => `${s.src} ${s.width}w`).join(', ');
    return srcset
      ? { href: course.cover.src, srcset, sizes: '(min-width: 1024px) 600px, 100vw' }
      : { href: course.cover.src };
  }
  return course.thumbnail ? { href: course.thumbnail } : undefined;
}

export async function registerPublicPages(app: FastifyInstance, indexFile: string | null): Promise<void> {
  const { publicUrl } = app.config;
  const text = (reply: FastifyReply, type: string, body: string) =>
    reply.type(type).header('cache-control', 'public, max-age=300').send(body);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    text(reply, 'text/plain; charset=utf-8', robotsTxt(publicUrl)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    text(reply, 'application/xml; charset=utf-8', sitemapXml(publicUrl, await publishedItems(app.db))),
  );

  if (!indexFile) return;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const courseChunks = coursePageChunkTags(path.dirname(indexFile));
  const page = (reply: FastifyReply, meta: PageMeta, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderPage(indexHtml, meta));
  const firstPicture = (items: ListedItem[]) => items.find((i) => i.picture)?.picture ?? null;

  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    page(reply, homeMeta(publicUrl, firstPicture(await publishedItems(app.db)))),
  );
  app.get('/cursos', { schema: { hide: true } }, async (_request, reply) => {
    const items = (await publishedItems(app.db)).filter((i) => i.type === 'COURSE');
    return page(reply, catalogueMeta(publicUrl, items, firstPicture(items)));
  });
  const itemPage = async (reply: FastifyReply, id: string, path: string) => {
    const found = id.length <= 120 ? await loadPublicCourse(app.db, id) : null;
    // The SPA still boots and says it was not found; crawlers get the status.
    if (!found) return page(reply, notFoundMeta(publicUrl, path.split('?')[0] ?? path), 404);
    // What the page shows first comes with its HTML: the answer of GET /api/academy/public/{id}
    // (as that route serializes it) and the cover, asked for at once (issue 30, decision 0171).
    const view = publicCourseSchema.parse(found.view);
    return page(reply, {
      ...courseMeta(publicUrl, view),
      preloadImage: coverPreload(view),
      embedded: { id: publicCourseDataId, value: view },
      headTags: courseChunks,
    });
  };
  app.get<{ Params: { courseId: string } }>(
    '/cursos/:courseId',
    { schema: { hide: true } },
    (request, reply) => itemPage(reply, request.params.courseId, request.url),
  );
  app.get<{ Params: { programId: string } }>(
    '/programas/:programId',
    { schema: { hide: true } },
    (request, reply) => itemPage(reply, request.params.programId, request.url),
  );
  // A certificate's check page previews when shared (issue 44): crawlable for the link-preview bots
  // (LinkedIn's reads robots.txt), never indexed (the page says noindex).
  app.get<{ Params: { certificateId: string } }>(
    '/certificados/:certificateId',
    { schema: { hide: true } },
    async (request, reply) => {
      const id = request.params.certificateId;
      const [found] =
        id.length <= 64
          ? await app.db
              .select({
                id: certificates.id,
                learnerName: certificates.learnerName,
                courseName: certificates.courseName,
                completedOn: certificates.completedOn,
                cover: courses.cover,
                thumbnail: courses.thumbnail,
              })
              .from(certificates)
              .leftJoin(courses, eq(courses.id, certificates.courseId))
              .where(eq(certificates.id, id))
          : [];
      if (!found) return page(reply, notFoundMeta(publicUrl, request.url.split('?')[0] ?? request.url), 404);
      return page(reply, certificateMeta(publicUrl, found, found.cover?.src ?? found.thumbnail ?? null));
    },
  );
}
