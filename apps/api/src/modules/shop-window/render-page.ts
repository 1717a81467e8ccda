import { escapeHtml } from '../../lib/spanish-format';
import { type PageMeta, siteName } from './page-meta';

/**
 * JSON for an inline `<script type="application/ld+json">`: "<", ">" and "&" become \u escapes
 * (still the same JSON), so a course called `</script><script>…` cannot end the block, and the
 * line separators JavaScript once refused are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function metaTags(meta: PageMeta): string {
  const attr = escapeHtml;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}" />`,
    `<link rel="canonical" href="${attr(meta.url)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="${siteName}" />`,
    '<meta property="og:locale" content="es_AR" />',
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${attr(meta.title)}" />`,
    `<meta property="og:description" content="${attr(meta.description)}" />`,
    `<meta property="og:url" content="${attr(meta.url)}" />`,
    meta.image ? `<meta property="og:image" content="${attr(meta.image)}" />` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${attr(meta.title)}" />`,
    `<meta name="twitter:description" content="${attr(meta.description)}" />`,
    meta.image ? `<meta name="twitter:image" content="${attr(meta.image)}" />` : '',
    // A data block, never run: the CSP's script-src governs scripts the browser executes.
    ...meta.jsonLd.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
    meta.preloadImage
      ? `<link rel="preload" as="image" href="${attr(meta.preloadImage.href)}"${meta.preloadImage.srcset ? ` imagesrcset="${attr(meta.preloadImage.srcset)}" imagesizes="${attr(meta.preloadImage.sizes ?? '100vw')}"` : ''} fetchpriority="high" />`
      : '',
    meta.embedded
      ? `<script type="application/json" id="${attr(meta.embedded.id)}">${jsonForScript(meta.embedded.value)}</script>`
      : '',
    ...(meta.headTags ?? []),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The built index.html with this page's own head: its title and description replace the app's
 * generic ones, the rest goes before </head>. The SPA boots from it unchanged.
 */
export function renderPage(indexHtml: string, meta: PageMeta): string {
  const head = metaTags(meta);
  const stripped = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/i, '');
  const end = stripped.search(/<\/head>/i);
  if (end >= 0) return `${stripped.slice(0, end)}  ${head}\n  ${stripped.slice(end)}`;
  // A build without a head (tests' minimal builds): the tags go right after the doctype.
  const doctype = stripped.match(/^<!doctype html>/i)?.[0] ?? '';
  return `${doctype}<head>${head}</head>${stripped.slice(doctype.length)}`;
}
