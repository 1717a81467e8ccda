import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The code a first load asks for after the entry (`keys`: the lazy modules it loads, with their
 * static imports), read from the web build's Vite manifest, as `<link>` tags for its HTML: the
 * browser asks for them beside the entry instead of one after the other (issue 30, decisions 0171
 * and 0231). No manifest, or a key missing from it (a test's minimal build): no tags.
 */
export function pageChunkTags(distDir: string, keys: readonly string[]): string[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return [];
  }
  const closure = (key: string, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
  };
  const entry = new Set<string>();
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entryKey) closure(entryKey, entry);
  const page = new Set<string>();
  for (const key of keys) {
    if (!manifest[key]) return [];
    closure(key, page);
  }
  const chunks = [...page].filter((key) => !entry.has(key)).map((key) => manifest[key] as ManifestChunk);
  const css = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
  return [
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}" />`),
    ...[...css].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}" />`),
  ];
}

/** A public course page's code (the data layout and the page), decision 0171. */
export function coursePageChunkTags(distDir: string): string[] {
  return pageChunkTags(distDir, [
    'src/app/data-layout.tsx',
    'src/features/shop-window/public-course-page.tsx',
  ]);
}

/**
 * The academy home's code (the data layout, the shell and the page: what the entry asks for after
 * its early calls, apps/web/src/app/router.tsx loadAcademyHomeCode), decision 0231.
 */
export function academyHomeChunkTags(distDir: string): string[] {
  return pageChunkTags(distDir, [
    'src/app/data-layout.tsx',
    'src/app/shell-route.tsx',
    'src/features/academy/academy-page.tsx',
  ]);
}
