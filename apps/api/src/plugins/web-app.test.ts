import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

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
