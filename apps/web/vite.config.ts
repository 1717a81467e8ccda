import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), precompress()],
  build: {
    sourcemap: true,
    target: 'es2022',
    // read by the API: a public course page's HTML lists the code it loads (issue 30, decision 0171)
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // TanStack Query in one chunk: split by whoever imports each part, it was four files
            // (and four module preloads) on every logged-in page; no public page before login uses it.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/]/,
              // React stays in the entry chunk (TanStack imports it)
              includeDependenciesRecursively: false,
            },
            {
              // The sign-in forms' own small parts (fields, rules, the e-mail modal) in one chunk:
              // split by whoever imports each part they were six files of 0.2–1.8 KB on /login,
              // each compressed on its own. Parts other screens use (dialog, text field) stay apart.
              name: 'auth-forms',
              test: /src[\\/](shared[\\/]auth[\\/](auth-fields|auth-screen|email-request-modal|form-rules|login-notice)|ui[\\/]password-field)/,
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
