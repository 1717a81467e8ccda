import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { academyHomeChunkTags } from './page-chunks';
import { registerPublicPages } from './public-pages';

const notBuiltPage = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Alcancía</title></head>
<body><h1>La aplicación web no está compilada</h1><p>Ejecutá <code>npm start</code> o <code>npm run build</code>.</p></body></html>`;

/**
 * Serves the built SPA: hashed assets and covers cached for a year, index.html never cached, and every
 * unknown non-/api GET answered with index.html so the client router decides (history fallback).
 * Text files go out brotli- or gzip-compressed when the browser accepts it, from the `.br` and
 * `.gz` files the web build writes next to them (apps/web/vite.config.ts): nothing is compressed
 * per request. Unknown /api paths get the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashedAsset =
          filePath.includes(`${path.sep}assets${path.sep}`) && /[-.][A-Za-z0-9_-]{8,}\./.test(filePath);
        // covers/{id}-{width}.{hash}.webp: named by content hash (apps/web/scripts/make-covers.mjs)
        const hashedCover =
          filePath.includes(`${path.sep}covers${path.sep}`) && /\.[0-9a-f]{8}\.webp$/.test(filePath);
        if (hashedAsset || hashedCover) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  // The academy home's HTML asks for its code beside the entry (issue 30, decision 0231): on a slow
  // connection the entry would ask for it only once it has arrived and run, a round trip later.
  const academyTags = hasBuild ? academyHomeChunkTags(distDir) : [];
  const indexHtml = academyTags.length > 0 ? readFileSync(path.join(distDir, 'index.html'), 'utf8') : '';
  const end = indexHtml.search(/<\/head>/i);
  if (end >= 0) {
    const academyHtml = `${indexHtml.slice(0, end)}  ${academyTags.join('\n    ')}\n  ${indexHtml.slice(end)}`;
    app.get('/academy', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(academyHtml),
    );
  }

  // The shop window's pages carry their own head for link previews; robots.txt, sitemap.xml.
  await registerPublicPages(app, hasBuild ? path.join(distDir, 'index.html') : null);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw AppError.notFound('El recurso solicitado no existe.');
    }
    if (!hasBuild) return reply.status(503).type('text/html; charset=utf-8').send(notBuiltPage);
    // A missing hashed asset must not be answered with HTML.
    if (url.startsWith('/assets/') && path.extname(url) !== '.html') {
      throw AppError.notFound('El archivo solicitado no existe.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
