import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../test/accounts';
import { insertCatalogFixture } from '../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../test/helpers';
import { courses } from '../db/schema';
import { chooseEncoding, compressionThresholdBytes, isCompressibleType } from './compression';

const big = {
  items: Array.from({ length: 80 }, (_, i) => ({ id: i, title: `Curso de ahorro número ${i}` })),
};
const bigJson = JSON.stringify(big);
/** Bytes a compressor would shrink a lot, in types that are compressed already. */
const repetitive = Buffer.alloc(8 * 1024, 'a');

describe('compressed answers and ETags', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' }, (app) => {
      app.get('/api/test/big', async () => big);
      app.get('/api/test/tiny', async () => ({ ok: true }));
      app.get('/api/test/png', async (_request, reply) => reply.type('image/png').send(repetitive));
      app.get('/api/test/pdf', async (_request, reply) => reply.type('application/pdf').send(repetitive));
      app.get('/api/test/events', async (_request, reply) =>
        reply
          .type('text/event-stream')
          .send(Readable.from([`data: ${'x'.repeat(4096)}\n\n`, `data: ${'y'.repeat(4096)}\n\n`])),
      );
      app.get('/api/test/stream', async (_request, reply) =>
        reply.type('application/json').send(Readable.from([bigJson])),
      );
    });
    await insertCatalogFixture(t.database.db);
    // enough courses for a catalogue page above the threshold
    await t.database.db.insert(courses).values(
      Array.from({ length: 12 }, (_, i) => ({
        id: `curso-extra-${i}`,
        kind: 'COURSE' as const,
        name: `Finanzas para el día a día ${i}`,
        description: 'Ordená tus gastos, armá un fondo de emergencia y empezá a invertir.',
        categoryCode: 'ORDER',
        levelCode: 'BEGINNER',
        tags: [],
        sortOrder: 10 + i,
      })),
    );
    headers = bearer((await newSession(t.app)).credentials);
  });
  afterAll(() => t.close());

  const get = (url: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });

  it('compresses a JSON answer above the threshold with the coding the client accepts, and says it varies', async () => {
    expect(bigJson.length).toBeGreaterThan(compressionThresholdBytes);
    const gz = await get('/api/test/big', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);

    const br = await get('/api/test/big', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const refused = await get('/api/test/big', { 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(big);
    const none = await get('/api/test/big');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toMatch(/accept-encoding/i);
    expect(none.json()).toEqual(big);
  });

  it('leaves tiny bodies, compressed types, Server-Sent Events and streams as they are', async () => {
    const accept = { 'accept-encoding': 'br, gzip' };
    const tiny = await get('/api/test/tiny', accept);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ ok: true });
    for (const url of ['/api/test/png', '/api/test/pdf']) {
      const res = await get(url, accept);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.equals(repetitive), url).toBe(true);
    }
    const events = await get('/api/test/events', accept);
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toContain(`data: ${'x'.repeat(4096)}\n\n`);
    const stream = await get('/api/test/stream', accept);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json()).toEqual(big);
  });

  it('compresses the error form when it is large enough, never a small one', async () => {
    const res = await get('/api/no-existe', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ internalCode: 'NOT_FOUND' });
  });

  it('sends the cached catalogue compressed, with a strong ETag per encoding and 304 for a repeat', async () => {
    const plain = await get('/api/academy/courses');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThresholdBytes);
    const tag = plain.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]{20,}"$/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await get('/api/academy/courses', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`${tag.slice(0, -1)}-br"`);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // the kept bytes: the same on the next read
    const again = await get('/api/academy/courses', { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);

    const gz = await get('/api/academy/courses', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(`${tag.slice(0, -1)}-gz"`);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    // If-None-Match with the tag of any encoding (compared weakly, as RFC 9110 asks): 304, no body
    for (const sent of [tag, br.headers.etag as string, `W/${tag}`, `"other", ${gz.headers.etag}`]) {
      const notModified = await get('/api/academy/courses', {
        'accept-encoding': 'br',
        'if-none-match': sent,
      });
      expect(notModified.statusCode, sent).toBe(304);
      expect(notModified.rawPayload.length).toBe(0);
      expect(notModified.headers.etag).toBe(br.headers.etag);
      expect(notModified.headers['content-encoding']).toBeUndefined();
    }
    const changed = await get('/api/academy/courses', { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(plain.body);
  });

  it('gives a viewer with the same access the same tag, and other rows another', async () => {
    const mine = await get('/api/academy/courses');
    const someoneElse = bearer((await newSession(t.app)).credentials);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/academy/courses',
      headers: { ...someoneElse, 'if-none-match': mine.headers.etag as string },
    });
    expect(other.statusCode).toBe(304);
    // a search answer of other rows has its own tag
    const search = await get('/api/academy?search=ahorro');
    expect(search.statusCode).toBe(200);
    expect(search.headers.etag).not.toBe(mine.headers.etag);
  });
});

describe('chooseEncoding', () => {
  it('follows the client’s q-values and prefers the caller’s coding on a tie', () => {
    expect(chooseEncoding(undefined, 'br')).toBeNull();
    expect(chooseEncoding('identity', 'br')).toBeNull();
    expect(chooseEncoding('gzip, deflate, br', 'br')).toBe('br');
    expect(chooseEncoding('gzip, deflate, br', 'gzip')).toBe('gzip');
    expect(chooseEncoding('gzip', 'br')).toBe('gzip');
    expect(chooseEncoding('br;q=1, gzip;q=0.5', 'gzip')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip', 'br')).toBe('gzip');
    expect(chooseEncoding('*', 'gzip')).toBe('gzip');
    expect(chooseEncoding('*;q=0', 'br')).toBeNull();
    expect(chooseEncoding('deflate', 'br')).toBeNull();
  });

  it('knows which types are worth compressing', () => {
    expect(isCompressibleType('application/json; charset=utf-8')).toBe(true);
    expect(isCompressibleType('application/problem+json')).toBe(true);
    expect(isCompressibleType('text/html; charset=utf-8')).toBe(true);
    expect(isCompressibleType('image/svg+xml')).toBe(true);
    for (const type of ['text/event-stream', 'image/png', 'image/webp', 'video/mp4', 'application/pdf'])
      expect(isCompressibleType(type), type).toBe(false);
    expect(isCompressibleType(undefined)).toBe(false);
  });
});
