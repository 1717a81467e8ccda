import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { type S3StandIn, startS3StandIn } from '@alcancia/sandbox';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { bucketOrigin } from './bucket-origin';
import { asciiFileName, contentDisposition, safeFileName } from './content-disposition';
import { isValidFileKey, materialContentType, resolveFileKey } from './file-keys';
import { createFileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

const jwtSecret = new TextEncoder().encode('a-jwt-secret-that-is-long-enough-0123456789');
const pdf = { filename: 'Guía práctica.pdf', contentType: 'application/pdf', ttlSeconds: 300 } as const;

describe('file keys', () => {
  it('accepts plain relative paths and nothing that could leave the root', () => {
    expect(isValidFileKey('materiales/presupuesto-mensual.pdf')).toBe(true);
    expect(isValidFileKey('a/b_c/D-1.v2.xlsx')).toBe(true);
    for (const key of [
      '',
      '../secreto.pdf',
      'a/../../b.pdf',
      '/etc/passwd',
      'a//b.pdf',
      '.env',
      'a/.git/x',
      'a\\b.pdf',
    ]) {
      expect(isValidFileKey(key), key).toBe(false);
      expect(resolveFileKey('/srv/files', key), key).toBeNull();
    }
    expect(resolveFileKey('/srv/files', 'materiales/x.pdf')).toBe(
      path.resolve('/srv/files/materiales/x.pdf'),
    );
  });

  it('knows PDF and XLSX only', () => {
    expect(materialContentType('a/b.PDF')).toBe('application/pdf');
    expect(materialContentType('b.xlsx')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(materialContentType('b.xls')).toBeNull();
    expect(materialContentType('b.html')).toBeNull();
  });
});

describe('content disposition', () => {
  it('keeps Spanish letters in filename* and gives an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'Finanzas en pareja: ¿quién paga?_certificado.png')).toBe(
      `attachment; filename="Finanzas en pareja - _quien paga _certificado.png"; ` +
        `filename*=UTF-8''Finanzas%20en%20pareja%20-%20%C2%BFqui%C3%A9n%20paga%20_certificado.png`,
    );
    expect(safeFileName('  ../a/b\u0000"c"  ')).toBe('a b c');
    expect(safeFileName('///')).toBe('archivo');
    expect(asciiFileName('Año 100% "útil"')).toBe('Ano 100_ _util_');
  });
});

describe('local storage', () => {
  const storage = (now: number) =>
    new LocalFileStorage({ root: '/srv/files', secret: jwtSecret, routePath: '/api/files', now: () => now });

  it('signs key, expiry and name; verifies in constant time; expires', async () => {
    const now = Date.UTC(2026, 10, 22, 12);
    const url = new URL(
      await storage(now).signedUrl('materiales/guia.pdf', { ...pdf, disposition: 'attachment' }),
      'http://x',
    );
    expect(url.pathname).toBe('/api/files/materiales/guia.pdf');
    expect(url.searchParams.get('download')).toBe('1');
    const params = {
      expires: Number(url.searchParams.get('expires')),
      name: url.searchParams.get('name') ?? '',
      signature: url.searchParams.get('signature') ?? '',
    };
    expect(params.expires).toBe(now / 1000 + 300);
    expect(params.name).toBe('Guía práctica.pdf');
    expect(storage(now).verify('materiales/guia.pdf', params)).toBe('valid');
    expect(storage(now + 300_000).verify('materiales/guia.pdf', params)).toBe('valid');
    expect(storage(now + 301_000).verify('materiales/guia.pdf', params)).toBe('expired');
    expect(storage(now).verify('materiales/otra.pdf', params)).toBe('invalid');
    expect(storage(now).verify('materiales/guia.pdf', { ...params, name: 'x.pdf' })).toBe('invalid');
    expect(storage(now).verify('materiales/guia.pdf', { ...params, expires: params.expires + 1 })).toBe(
      'invalid',
    );
    expect(storage(now).verify('materiales/guia.pdf', { ...params, signature: '' })).toBe('invalid');
  });

  it('does not sign what is not a key', async () => {
    await expect(storage(0).signedUrl('../x.pdf', { ...pdf, disposition: 'inline' })).rejects.toThrow();
  });
});

describe('S3 storage', () => {
  it('presigns a GetObject with our content type and Spanish file name, without the network', async () => {
    const storage = await S3FileStorage.fromConfig({
      bucket: 'alcancia-materiales',
      region: 'sa-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: true,
    });
    const url = new URL(await storage.signedUrl('materiales/guia.pdf', { ...pdf, disposition: 'inline' }));
    expect(url.origin).toBe('http://127.0.0.1:9000');
    expect(url.pathname).toBe('/alcancia-materiales/materiales/guia.pdf');
    const q = url.searchParams;
    expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(q.get('X-Amz-Credential')).toMatch(/^AKIAEXAMPLE\/\d{8}\/sa-east-1\/s3\/aws4_request$/);
    expect(q.get('X-Amz-Expires')).toBe('300');
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(q.get('response-content-type')).toBe('application/pdf');
    expect(q.get('response-content-disposition')).toBe(
      `inline; filename="Guia practica.pdf"; filename*=UTF-8''Gu%C3%ADa%20pr%C3%A1ctica.pdf`,
    );
  });

  it('uses virtual-hosted URLs on AWS itself', async () => {
    const storage = await S3FileStorage.fromConfig({
      bucket: 'alcancia-materiales',
      region: 'sa-east-1',
      endpoint: undefined,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: false,
    });
    const url = new URL(
      await storage.signedUrl('materiales/guia.pdf', { ...pdf, disposition: 'attachment' }),
    );
    expect(url.host).toBe('alcancia-materiales.s3.sa-east-1.amazonaws.com');
    expect(url.pathname).toBe('/materiales/guia.pdf');
    expect(url.searchParams.get('response-content-disposition')).toMatch(/^attachment; /);
  });
});

describe('the bucket origin the CSP allows', () => {
  it('is the origin of the presigned URLs, path-style or virtual-hosted, AWS or not', async () => {
    const cases = [
      { endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
      { endpoint: 'https://minio.example.com:9443', forcePathStyle: false },
      { endpoint: 'https://storage.example.com', forcePathStyle: true },
      { endpoint: undefined, forcePathStyle: false },
      { endpoint: undefined, forcePathStyle: true },
    ];
    for (const { endpoint, forcePathStyle } of cases) {
      const settings = {
        bucket: 'alcancia-materiales',
        region: 'sa-east-1',
        endpoint,
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret-example',
        forcePathStyle,
      };
      const storage = await S3FileStorage.fromConfig(settings);
      const url = new URL(await storage.signedUrl('materiales/guia.pdf', { ...pdf, disposition: 'inline' }));
      expect(bucketOrigin(settings), `${endpoint} ${forcePathStyle}`).toBe(url.origin);
    }
  });
});

describe('S3 storage against the sandbox S3 stand-in (real SDK, real HTTP, SigV4 checked)', () => {
  let s3: S3StandIn;
  let storage: S3FileStorage;
  let client: S3Client;
  const settings = () => ({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.url,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  });
  const put = (Key: string, Body: string) =>
    client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body }));

  beforeAll(async () => {
    s3 = await startS3StandIn();
    storage = await S3FileStorage.fromConfig(settings());
    client = new S3Client({
      region: s3.region,
      endpoint: s3.url,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
  });
  afterAll(async () => {
    client.destroy();
    await s3.close();
  });

  it('a signed URL, fetched, gives the bytes with our content type and the Spanish file name', async () => {
    await put('materiales/guia-practica.pdf', '%PDF-1.4 la guía');
    const url = await storage.signedUrl('materiales/guia-practica.pdf', {
      ...pdf,
      disposition: 'attachment',
    });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Guia practica.pdf"; filename*=UTF-8''Gu%C3%ADa%20pr%C3%A1ctica.pdf`,
    );
    expect(await res.text()).toBe('%PDF-1.4 la guía');
  });

  it('reads ranges with the whole size; a missing key is null; ping answers while the bucket exists', async () => {
    await put('subidas/a.txt', '0123456789');
    const part = await storage.readRange('subidas/a.txt', 2, 5);
    expect(part && { size: part.size, total: part.total, body: await text(part.body) }).toEqual({
      size: 4,
      total: 10,
      body: '2345',
    });
    const tail = await storage.readRange('subidas/a.txt', 8);
    expect(tail && (await text(tail.body))).toBe('89');
    expect(await storage.readRange('subidas/no.txt', 0, 1)).toBeNull();
    expect(await storage.read('subidas/no.txt')).toBeNull();
    const whole = await storage.read('subidas/a.txt');
    expect(whole && (await text(whole.body))).toBe('0123456789');
    await expect(storage.ping()).resolves.toBeUndefined();
    const elsewhere = await S3FileStorage.fromConfig({ ...settings(), bucket: 'no-existe' });
    await expect(elsewhere.ping()).rejects.toThrow();
    const wrongSecret = await S3FileStorage.fromConfig({ ...settings(), secretAccessKey: 'otra-clave' });
    await expect(wrongSecret.ping()).rejects.toThrow();
  });

  it('lists a prefix with each file’s last change, and removes (a missing key is no error)', async () => {
    await put('limpieza/uno.mp4', 'uno');
    await put('limpieza/dos/index.m3u8', 'dos');
    await put('otra/tres.pdf', 'tres');
    const listed = await storage.list('limpieza/');
    expect(listed.map((f) => [f.key, f.size])).toEqual([
      ['limpieza/dos/index.m3u8', 3],
      ['limpieza/uno.mp4', 3],
    ]);
    expect(Date.now() - (listed[0]?.lastModified.getTime() ?? 0)).toBeLessThan(60_000);
    await storage.remove('limpieza/uno.mp4');
    await storage.remove('limpieza/uno.mp4');
    expect((await storage.list('limpieza/')).map((f) => f.key)).toEqual(['limpieza/dos/index.m3u8']);
  });
});

describe('local storage listing and removal', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'alcancia-list-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists a prefix recursively with modification times; removing the last file drops its folder', async () => {
    const storage = new LocalFileStorage({ root, secret: jwtSecret, routePath: '/api/files' });
    mkdirSync(path.join(root, 'subidas', 'videos', 'abc'), { recursive: true });
    writeFileSync(path.join(root, 'subidas', 'videos', 'v.mp4'), 'video');
    writeFileSync(path.join(root, 'subidas', 'videos', 'abc', 'index.m3u8'), 'hls');
    writeFileSync(path.join(root, 'fuera.pdf'), 'x');
    const old = new Date('2026-01-01T00:00:00Z');
    utimesSync(path.join(root, 'subidas', 'videos', 'v.mp4'), old, old);
    const listed = await storage.list('subidas/');
    expect(listed.map((f) => f.key)).toEqual(['subidas/videos/abc/index.m3u8', 'subidas/videos/v.mp4']);
    expect(listed[1]?.lastModified.toISOString()).toBe(old.toISOString());
    expect(await storage.list('nada/')).toEqual([]);
    await storage.remove('subidas/videos/abc/index.m3u8');
    await storage.remove('subidas/videos/abc/index.m3u8');
    expect((await storage.list('subidas/')).map((f) => f.key)).toEqual(['subidas/videos/v.mp4']);
    expect(existsSync(path.join(root, 'subidas', 'videos', 'abc'))).toBe(false);
    await expect(storage.remove('../fuera.pdf')).rejects.toThrow();
  });
});

describe('storage configuration', () => {
  it('defaults to local disk under apps/api/media/files', async () => {
    const config = loadConfig({});
    expect(config.storage).toMatchObject({ driver: 'local', s3: null });
    expect(config.storage.filesDir).toMatch(/apps[/\\]api[/\\]media[/\\]files$/);
    expect((await createFileStorage(config, jwtSecret)).driver).toBe('local');
  });

  it('selects S3 by configuration and lists what is missing', async () => {
    const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.storage.s3).toMatchObject({ bucket: 'b', region: 'us-east-1', forcePathStyle: true });
    expect((await createFileStorage(config, jwtSecret)).driver).toBe('s3');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'x' })).toThrow(
      /S3_BUCKET[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ FILE_URL_SECRET: 'short' })).toThrow(/FILE_URL_SECRET/);
  });
});
