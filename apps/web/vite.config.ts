import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pwaPlugin } from './pwa.config';

type ChunkingContext = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicImporters: readonly string[]; code: string | null } | null;
};

/** Transformed source characters under which a first load's group joins a larger one. */
const tinyGroup = 2000;

/**
 * The first loads whose code is grouped by what they share (issue 30, decision 0215), each by its
 * letter: the lazy modules a page loads after the entry. A module one or more of them reach
 * through static imports (and the entry does not) goes into the chunk of that set of pages,
 * `first-<letters>`: each of these pages loads only its own code, in a few files, instead of one
 * file per combination of the app's ~60 lazy pages (the academy's first load was 41 script files,
 * each a round trip of its own on a phone's connection). Another page loads a group when it uses
 * any of its modules. A lazy module itself keeps its own chunk (and its key in the manifest).
 */
const firstLoads: Record<string, string[]> = {
  // the academy home (/academy)
  a: [
    'src/app/data-layout.tsx',
    'src/app/academy-first-calls.ts',
    'src/app/shell-route.tsx',
    'src/features/academy/academy-page.tsx',
  ],
  // a course's page and its classes (/academy/{courseId}…)
  v: [
    'src/app/data-layout.tsx',
    'src/app/shell-route.tsx',
    'src/features/course-viewer/course-viewer-page.tsx',
  ],
  // a visitor's course page (/cursos/{courseId})
  p: ['src/app/data-layout.tsx', 'src/features/shop-window/public-course-page.tsx'],
  l: ['src/features/auth/login-page.tsx'],
  r: ['src/features/auth/register-page.tsx'],
};

function firstLoadChunks(root: string) {
  const resolve = (file: string) => path.resolve(root, file);
  const entryModule = resolve('src/main.tsx');
  const closure = (ctx: ChunkingContext, from: string[], known?: Set<string>) => {
    const seen = new Set<string>();
    const todo = [...from];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      if (seen.has(id) || known?.has(id)) continue;
      seen.add(id);
      todo.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  /** module → its chunk's name, worked out once per build from the module graph */
  let names: Map<string, string> | null = null;
  const plan = (ctx: ChunkingContext) => {
    const plan = new Map<string, string>();
    const entry = closure(ctx, [entryModule]);
    // the entry's own code (but the entry module itself): one file with it instead of four
    for (const id of entry) if (id !== entryModule) plan.set(id, 'boot');
    const pages = Object.entries(firstLoads).map(([letter, files]): [string, Set<string>] => [
      letter,
      closure(ctx, files.map(resolve), entry),
    ]);
    const letters = new Map<string, string>();
    const size = new Map<string, number>();
    for (const [, modules] of pages) {
      for (const id of modules) {
        // a lazy module keeps its own chunk (and its key in the manifest)
        if (letters.has(id) || (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) continue;
        const set = pages
          .filter(([, reached]) => reached.has(id))
          .map(([letter]) => letter)
          .join('');
        letters.set(id, set);
        size.set(set, (size.get(set) ?? 0) + (ctx.getModuleInfo(id)?.code?.length ?? 0));
      }
    }
    const tiny = (set: string) => (size.get(set) ?? 0) < tinyGroup;
    const within = (small: string, large: string) => [...small].every((letter) => large.includes(letter));
    // the login's parts that two other first loads use too (button, dialog, field rules…): the
    // login loads them anyway, and with the entry each is one file fewer everywhere
    const chunkOf = (set: string) => (set.includes('l') && set.length >= 3 ? 'boot' : `first-${set}`);
    for (const [id, set] of letters) {
      if (!tiny(set)) plan.set(id, chunkOf(set));
      else {
        // a group of a few hundred bytes joins the smallest larger one its pages all load
        const host = [...size.keys()]
          .filter((other) => other !== set && !tiny(other) && within(set, other))
          .sort((x, y) => x.length - y.length)[0];
        plan.set(id, host ? chunkOf(host) : 'boot');
      }
    }
    return plan;
  };
  return {
    /** a new build: the module graph is read again */
    reset() {
      names = null;
    },
    name(id: string, ctx: ChunkingContext): string | null {
      names ??= plan(ctx);
      return names.get(id) ?? null;
    },
  };
}

const firstLoadGroups = firstLoadChunks(path.dirname(fileURLToPath(import.meta.url)));

// In development the API (npm run dev) listens on API_PORT; Vite proxies /api and the dev pages.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) next to every text file of the build over
 * 1 KB, once, at build time; the API serves them to browsers that accept them
 * (apps/api/src/plugins/web-app.ts, @fastify/static `preCompressed`) instead of the plain file.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? files(file) : [file];
    });
  return {
    name: 'alcancia:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!compressible.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    { name: 'alcancia:first-loads', apply: 'build', buildStart: () => firstLoadGroups.reset() },
    // the installable app: manifest and service worker (issue 44, decision 0363)
    pwaPlugin(path.dirname(fileURLToPath(import.meta.url))),
  ],
  build: {
    sourcemap: true,
    target: 'es2022',
    // read by the API: a public course page's HTML lists the code it loads (issue 30, decision 0171)
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The sign-in forms' own small parts (fields, rules, the e-mail modal) in one chunk:
              // split by whoever imports each part they were six files of 0.2–1.8 KB on /login,
              // each compressed on its own. Parts other screens use (dialog, text field) stay apart.
              name: 'auth-forms',
              test: /src[\\/](shared[\\/]auth[\\/](auth-fields|auth-screen|email-request-modal|form-rules|login-notice)|ui[\\/]password-field)/,
              includeDependenciesRecursively: false,
            },
            // then every module the entry or a first load of `firstLoads` reaches (TanStack Query
            // with the data layout's pages): see firstLoadChunks
            {
              name: (id, ctx) => firstLoadGroups.name(id, ctx),
              debugName: 'first-loads',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/dev': apiTarget, '/sandbox': apiTarget },
  },
});
