import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

/** A build as apps/web writes it: a hashed script with its .br and .gz, and one too small to compress. */
function webBuild(script: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'alcancia-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Alcancía</title><div id="root"></div>');
  const file = path.join(dir, 'assets', 'index-AbC123xy.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  writeFileSync(path.join(dir, 'assets', 'small-Zz987654.js'), 'export {};');
  mkdirSync(path.join(dir, 'covers'));
  writeFileSync(path.join(dir, 'covers', 'ahorro-640.0a1b2c3d.webp'), 'RIFF');
  writeFileSync(path.join(dir, 'covers', 'ahorro.svg'), '<svg/>');
  return dir;
}

describe('web app files', () => {
  const script = `console.log(${JSON.stringify('Alcancía '.repeat(400))});`;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: webBuild(script) });
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the brotli or gzip file the build wrote to browsers that accept it, with the same content', async () => {
    const br = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);

    const gz = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no compression, and files without a compressed copy', async () => {
    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const small = await get('/assets/small-Zz987654.js', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};');
    const page = await get('/academy', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });

  it('caches a cover named by its content hash for a year, and a cover without a hash not', async () => {
    const hashed = await get('/covers/ahorro-640.0a1b2c3d.webp');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['content-type']).toBe('image/webp');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const source = await get('/covers/ahorro.svg');
    expect(source.headers['cache-control']).toBe('no-cache');
  });
});

describe('the academy home’s HTML (issue 30, decision 0231)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = webBuild('export {};');
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>Alcancía</title></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(path.join(dir, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-AbC123xy.js', isEntry: true, imports: ['_boot.js'] },
      '_boot.js': { file: 'assets/boot-Bb111111.js' },
      '_first-avp.js': { file: 'assets/first-avp-Cc222222.js', imports: ['_boot.js'] },
      '_first-a.js': { file: 'assets/first-a-Dd333333.js', css: ['assets/first-a-Ee444444.css'] },
      'src/app/data-layout.tsx': { file: 'assets/data-layout-Ff555555.js', imports: ['_first-avp.js'] },
      'src/app/shell-route.tsx': { file: 'assets/shell-route-Gg666666.js', imports: ['_boot.js'] },
      'src/features/academy/academy-page.tsx': {
        file: 'assets/academy-page-Hh777777.js',
        imports: ['_first-a.js', '_first-avp.js'],
      },
      'src/features/programs/programs-page.tsx': { file: 'assets/programs-page-Ii888888.js' },
    };
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({ WEB_DIST_DIR: dir });
  });
  afterAll(() => t.close());

  it('asks for the academy home’s code beside the entry: its chunks as module preloads, its styles as preloads', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/academy' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const preloads = [...page.body.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
      ([, rel, href]) => `${rel} ${href}`,
    );
    expect(preloads.sort()).toEqual(
      [
        'modulepreload /assets/academy-page-Hh777777.js',
        'modulepreload /assets/data-layout-Ff555555.js',
        'modulepreload /assets/first-a-Dd333333.js',
        'modulepreload /assets/first-avp-Cc222222.js',
        'modulepreload /assets/shell-route-Gg666666.js',
        'preload /assets/first-a-Ee444444.css',
      ].sort(),
    );
    // in the head, before the app's own script; the rest of the page as built
    expect(page.body.indexOf('modulepreload')).toBeLessThan(page.body.indexOf('</head>'));
    expect(page.body).toContain('<div id="root"></div>');
    // the same with a trailing slash or filters in the address; other pages get the plain index.html
    expect((await t.app.inject({ method: 'GET', url: '/academy/?categoria=ahorro' })).body).toBe(page.body);
    const other = await t.app.inject({ method: 'GET', url: '/programas' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('modulepreload');
  });
});
