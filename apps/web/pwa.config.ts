import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/**
 * The installable app (issue 44, decision 0363): the web app manifest and the service worker
 * (src/service-worker/sw.ts, built by vite-plugin-pwa in injectManifest mode into dist/sw.js).
 * The page registers it itself (src/app/pwa/register-service-worker.ts, after the first load).
 */

/**
 * The modules whose code is precached — what she needs offline: the entry, the shell, her home,
 * the kept classes and their player (hls.js) — each with the code and styles it imports. The rest
 * is kept as she loads it (the worker's "seen" cache): a first visit on mobile data downloads only
 * this, not the back office's or every page's code.
 */
const offlineModules = [
  /^index\.html$/,
  /^src\/app\/(data-layout|shell-route|news-route)\.tsx$/,
  /^src\/features\/news\/news-page\.tsx$/,
  /^src\/features\/[^/]+\/(news-home|novedades)[^/]*-page\.tsx$/,
  /^src\/features\/course-viewer\/kept-classes-page\.tsx$/,
  /^src\/app\/pwa\/pwa-prompts\.tsx$/,
  /hls\.js\/dist\/hls\.light/,
];

interface ViteManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/** The files of the offline modules and everything they import statically, from Vite's manifest. */
export function offlineFiles(manifest: Record<string, ViteManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of Object.keys(manifest)) if (offlineModules.some((m) => m.test(key))) visit(key);
  return files;
}

export function pwaPlugin(root: string): PluginOption[] {
  // the build's own output folder (a build with --outDir writes elsewhere than dist/)
  let outDir = path.join(root, 'dist');
  const outDirOfBuild: PluginOption = {
    name: 'alcancia:pwa-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  return [
    outDirOfBuild,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Alcancía',
        short_name: 'Alcancía',
        description:
          'Educación financiera para mujeres: tus clases, tu semana y las novedades de la academia.',
        lang: 'es-AR',
        dir: 'ltr',
        start_url: '/novedades',
        scope: '/',
        display: 'standalone',
        // the design tokens: --color-primary and --color-background (src/styles/global.css)
        theme_color: '#5b2a86',
        background_color: '#f7f4fa',
        categories: ['education', 'finance'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2}', 'icons/icon-192.png'],
        globIgnores: ['**/*.map', 'sw.js', 'assets/ladle*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        manifestTransforms: [
          (async (entries) => {
            const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
            const offline = offlineFiles(manifest);
            const manifestEntries = entries.filter(
              (entry) => !entry.url.startsWith('assets/') || offline.has(entry.url),
            );
            return { manifest: manifestEntries, warnings: [] };
          }) satisfies ManifestTransform,
        ],
      },
    }),
  ];
}
