import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
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
