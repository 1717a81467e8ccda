import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { log, outDir, repoRoot } from './settings';

const webDir = path.join(repoRoot, 'apps/web');
export const webDistDir = path.join(outDir, 'web');

/** Builds apps/web with a Vite manifest into bench/.out/web (never over apps/web/dist). */
export async function buildWeb(): Promise<void> {
  const vite = path.join(
    path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--manifest', '--outDir', webDistDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: webDir,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' },
      },
    );
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}

/* ------------------------- which page modules a URL loads ------------------------- */

interface RouteNode {
  path?: string;
  index: boolean;
  component?: string;
  children: RouteNode[];
}

/** The `<Route …>` tree of router.tsx (attributes may hold JSX, so braces are tracked). */
function parseRoutes(source: string): RouteNode[] {
  const root: RouteNode = { index: false, children: [] };
  const stack: RouteNode[] = [root];
  const token = /<Route\b|<\/Route>/g;
  for (let match = token.exec(source); match; match = token.exec(source)) {
    if (match[0] === '</Route>') {
      stack.pop();
      continue;
    }
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < source.length; end++) {
      const ch = source[end];
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      else if (ch === '>' && depth === 0) break;
    }
    const attributes = source.slice(match.index + match[0].length, end);
    const node: RouteNode = {
      path: /\bpath="([^"]*)"/.exec(attributes)?.[1],
      index: /\bindex\b/.test(attributes),
      component: /\belement=\{<(\w+)/.exec(attributes)?.[1],
      children: [],
    };
    stack.at(-1)?.children.push(node);
    if (!attributes.trimEnd().endsWith('/')) stack.push(node);
    token.lastIndex = end + 1;
  }
  return root.children;
}

interface Branch {
  segments: string[];
  components: string[];
}

function branches(nodes: RouteNode[], segments: string[] = [], components: string[] = []): Branch[] {
  return nodes.flatMap((node) => {
    const here = [...segments, ...(node.path ?? '').split('/').filter(Boolean)];
    const withComponent = node.component ? [...components, node.component] : components;
    return node.children.length > 0
      ? branches(node.children, here, withComponent)
      : [{ segments: here, components: withComponent }];
  });
}

/** React Router's ranking, simplified: static segments beat parameters, which beat the splat. */
function score(branch: Branch, url: string[]): number | null {
  let total = 0;
  for (let i = 0; i < branch.segments.length; i++) {
    const segment = branch.segments[i] ?? '';
    if (segment === '*') return total + 1;
    const part = url[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) total += 3;
    else if (segment === part) total += 10;
    else return null;
  }
  return branch.segments.length === url.length ? total : null;
}

export interface RouteMatch {
  /** page modules (lazy chunks) on the branch, as manifest keys */
  modules: string[];
  /** true when the URL only reaches the catch-all (not-found) route */
  notFound: boolean;
}

export function matchRoute(url: string): RouteMatch {
  const routerFile = path.join(webDir, 'src/app/router.tsx');
  const source = readFileSync(routerFile, 'utf8');
  const resolveSpecifier = (specifier: string) => {
    const base = path.join(path.dirname(routerFile), specifier);
    const file = ['.tsx', '.ts', '/index.tsx'].map((ext) => base + ext).find((f) => existsSync(f)) ?? base;
    return path.relative(webDir, file);
  };
  // Loaders declared apart (`const loadShell = () => import('./shell-route')`) …
  const loaders = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)) {
    if (m[1] && m[2]) loaders.set(m[1], m[2]);
  }
  // … and `const Page = lazy(<loader name> | () => import('…') | () => { …; return import('…'); })`:
  // the page's chunk is the module the factory returns (its last import()).
  const lazyModules = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = lazy\(/g)) {
    const name = m[1];
    if (!name || m.index === undefined) continue;
    let depth = 1;
    let end = m.index + m[0].length;
    for (; end < source.length && depth > 0; end++) {
      if (source[end] === '(') depth++;
      else if (source[end] === ')') depth--;
    }
    const factory = source.slice(m.index + m[0].length, end - 1).trim();
    const specifier = loaders.get(factory) ?? [...factory.matchAll(/import\('([^']+)'\)/g)].at(-1)?.[1];
    if (specifier) lazyModules.set(name, resolveSpecifier(specifier));
  }
  const parts = url.split('?')[0]?.split('/').filter(Boolean) ?? [];
  let best: { branch: Branch; score: number } | null = null;
  for (const branch of branches(parseRoutes(source))) {
    const s = score(branch, parts);
    if (s !== null && (!best || s > best.score)) best = { branch, score: s };
  }
  if (!best) return { modules: [], notFound: true };
  return {
    modules: best.branch.components.flatMap((c) =>
      lazyModules.has(c) ? [lazyModules.get(c) as string] : [],
    ),
    notFound: best.branch.segments.includes('*'),
  };
}

/* ------------------------------------ sizes ------------------------------------ */

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface RouteSize {
  route: string;
  url: string;
  available: boolean;
  jsGzip: number;
  cssGzip: number;
  files: string[];
}

/**
 * First-load bytes of a route, from the manifest: the entry chunk with its static imports, plus
 * each lazy page module on the route's branch (layouts included) with its static imports; the CSS
 * those chunks carry. gzip level 9, like apps/web/scripts/route-size.mjs.
 */
export function routeSizes(routes: { route: string; url: string }[]): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(webDistDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gz = (file: string) => gzipSync(readFileSync(path.join(webDistDir, file)), { level: 9 }).length;
  const closure = (key: string, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry chunk');

  return routes.map(({ route, url }) => {
    const match = matchRoute(url);
    const keys = new Set<string>();
    closure(entry, keys);
    for (const module of match.modules) closure(module, keys);
    const js = [...keys].map((k) => manifest[k]?.file).filter((f): f is string => Boolean(f));
    const css = [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))];
    const size = {
      route,
      url,
      available: !match.notFound,
      jsGzip: js.reduce((sum, f) => sum + gz(f), 0),
      cssGzip: css.reduce((sum, f) => sum + gz(f), 0),
      files: [...js, ...css],
    };
    log(
      `   ${route.padEnd(22)} ${size.available ? `JS ${(size.jsGzip / 1024).toFixed(1)} KB  CSS ${(size.cssGzip / 1024).toFixed(1)} KB gzip (${size.files.length} files)` : 'not available yet (only the not-found page matches)'}`,
    );
    return size;
  });
}
