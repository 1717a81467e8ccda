import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { dayOffset, insertCatalogFixture } from '../../../test/catalog-fixture';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { courseModules, courseSections, videoPackagings } from '../../db/schema';
import { mediaUrlBucketSeconds, mediaUrlGraceSeconds, signMediaUrl } from './media-urls';
import { mediaDir } from './serve-media';

// Issue 27 point 11: a paid class's video plays only at the signed address the course endpoint
// gives to whoever may open the course (decision 0102).

const filesDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-signed-media-'));
const mp4Hex = 'aa'.repeat(16);
const hlsHex = 'bb'.repeat(16);
mkdirSync(path.join(filesDir, 'subidas', 'videos', hlsHex), { recursive: true });
copyFileSync(
  path.join(mediaDir, 'videos/clase-ahorro.mp4'),
  path.join(filesDir, `subidas/videos/${mp4Hex}.mp4`),
);
copyFileSync(
  path.join(mediaDir, 'videos/clase-ahorro.mp4'),
  path.join(filesDir, `subidas/videos/${hlsHex}.mp4`),
);
writeFileSync(
  path.join(filesDir, `subidas/videos/${hlsHex}/index.m3u8`),
  '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nsegment-00000.ts\n#EXT-X-ENDLIST\n',
);
writeFileSync(path.join(filesDir, `subidas/videos/${hlsHex}/segment-00000.ts`), Buffer.alloc(1880, 0x47));

const t = testAppForFile(
  () => createTestApp({ FILES_DIR: filesDir }),
  async (app) => {
    await insertCatalogFixture(app.db);
    await app.db.insert(courseModules).values([
      { id: 'bonos-video', courseId: 'inversion-bonos', name: 'Clases', order: 1 },
      { id: 'gratis-video', courseId: 'presupuesto-gratis', name: 'Clases', order: 1 },
    ]);
    const video = (id: string, moduleId: string, courseId: string, order: number, sectionUrl: string) => ({
      id,
      moduleId,
      courseId,
      name: `Clase ${id}`,
      order,
      type: 'CLASS' as const,
      durationSeconds: 30,
      sectionUrl,
    });
    await app.db
      .insert(courseSections)
      .values([
        video('demo-hls', 'bonos-video', 'inversion-bonos', 1, '/media/videos/hls/clase-tarjeta/index.m3u8'),
        video('demo-mp4', 'bonos-video', 'inversion-bonos', 2, '/media/videos/clase-ahorro.mp4'),
        video('up-mp4', 'bonos-video', 'inversion-bonos', 3, `/media/subidas/videos/${mp4Hex}.mp4`),
        video('up-hls', 'bonos-video', 'inversion-bonos', 4, `/media/subidas/videos/${hlsHex}.mp4`),
        video('free-mp4', 'gratis-video', 'presupuesto-gratis', 1, '/media/videos/bienvenida.mp4'),
      ]);
    await app.db.insert(videoPackagings).values({
      videoKey: `subidas/videos/${hlsHex}.mp4`,
      status: 'ready',
      playlistKey: `subidas/videos/${hlsHex}/index.m3u8`,
      method: 'copy',
    });
  },
);

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The class videos' addresses of a course, by section id, as the viewer gets them. */
async function classUrls(courseId: string, headers: Record<string, string>) {
  const res = await get(`/api/academy/${courseId}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  const sections = (
    res.json() as { modules: { sections: { id: string; section_url: string | null }[] }[] }
  ).modules.flatMap((m) => m.sections);
  return Object.fromEntries(sections.map((s) => [s.id, s.section_url as string]));
}

async function subscriber() {
  const session = await newSession(t.app);
  await t.app.db.execute(
    sql`update users set subscription_end_date = ${dayOffset(30)}, subscription_plan_id = 'esencial' where email = ${session.email}`,
  );
  return bearer(session.credentials);
}

/** A playlist's first part, resolved against the playlist's address as hls.js and Safari do. */
function firstPartOf(playlistUrl: string, body: string): string {
  const line = body.split('\n').find((l) => l && !l.startsWith('#'));
  const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(body)?.[1];
  return new URL((map ?? line) as string, `http://alcancia.test${playlistUrl}`).pathname;
}

const signedShape = /^\/media\/s\/\d+\.[A-Za-z0-9_-]{43}\//;

describe('class videos at signed addresses', () => {
  it('gives a subscriber signed addresses that play: MP4 with ranges, HLS playlists and their parts, demo and uploaded', async () => {
    const urls = await classUrls('inversion-bonos', await subscriber());
    expect(urls['demo-hls']).toMatch(signedShape);
    expect(urls['demo-hls']).toMatch(/\/videos\/hls\/clase-tarjeta\/index\.m3u8$/);
    expect(urls['demo-mp4']).toMatch(/\/videos\/clase-ahorro\.mp4$/);
    expect(urls['up-mp4']).toMatch(new RegExp(`/subidas/videos/${mp4Hex}\\.mp4$`));
    // a packaged upload plays its playlist
    expect(urls['up-hls']).toMatch(new RegExp(`/subidas/videos/${hlsHex}/index\\.m3u8$`));

    const full = readFileSync(path.join(mediaDir, 'videos/clase-ahorro.mp4'));
    for (const id of ['demo-mp4', 'up-mp4']) {
      const res = await get(urls[id] as string, { range: 'bytes=0-99' });
      expect(res.statusCode, id).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-99/${full.length}`);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.rawPayload.equals(full.subarray(0, 100))).toBe(true);
    }

    for (const id of ['demo-hls', 'up-hls']) {
      const playlist = await get(urls[id] as string);
      expect(playlist.statusCode, id).toBe(200);
      expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      const part = await get(firstPartOf(urls[id] as string, playlist.body));
      expect(part.statusCode, id).toBe(200);
      // a master's first part is a rendition's playlist; a media playlist's, a segment
      expect(part.rawPayload.length).toBeGreaterThan(
        playlist.body.includes('#EXT-X-STREAM-INF:') ? 100 : 1000,
      );
    }
    // every segment of every rendition of the demo's ladder (decision 0175), and its subtitles,
    // through the playlists' own relative names
    const demo = await get(urls['demo-hls'] as string);
    const resolve = (name: string) => new URL(name, `http://alcancia.test${urls['demo-hls']}`).pathname;
    const renditions = demo.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(renditions).toEqual(['360p.m3u8', '720p.m3u8', 'audio.m3u8']);
    for (const rendition of renditions) {
      const playlist = await get(resolve(rendition));
      expect(playlist.statusCode, rendition).toBe(200);
      const parts = playlist.body.split('\n').filter((l) => l.endsWith('.m4s'));
      expect(parts.length, rendition).toBeGreaterThanOrEqual(5);
      for (const name of parts) {
        const res = await get(resolve(name));
        expect(res.statusCode, name).toBe(200);
        expect(res.headers['content-type']).toBe('video/iso.segment');
      }
    }
    const subtitles = await get(resolve('subtitulos.m3u8'));
    expect(subtitles.statusCode).toBe(200);
    expect(subtitles.body).toContain('\nsubtitulos.vtt\n');
    const captions = await get(resolve('subtitulos.vtt'));
    expect(captions.statusCode).toBe(200);
    expect(captions.body.startsWith('WEBVTT')).toBe(true);
  });

  it('caches signed media privately, never past the address’s expiry', async () => {
    const urls = await classUrls('inversion-bonos', await subscriber());
    const res = await get(urls['demo-mp4'] as string);
    expect(res.statusCode).toBe(200);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers['cache-control'] as string)?.[1]);
    expect(maxAge).toBeGreaterThan(mediaUrlGraceSeconds - 5);
    expect(maxAge).toBeLessThanOrEqual(mediaUrlGraceSeconds + mediaUrlBucketSeconds);
    const expires = Number(/^\/media\/s\/(\d+)\./.exec(urls['demo-mp4'] as string)?.[1]);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(
      (mediaUrlGraceSeconds + mediaUrlBucketSeconds) * 1000,
    );
    // the same address for everyone in this hour (the course answer stays cacheable)
    expect((await classUrls('inversion-bonos', await subscriber()))['demo-mp4']).toBe(urls['demo-mp4']);
  });

  it('plays nothing without a signature: the plain addresses of MP4s, playlists and segments are 404, with or without a session', async () => {
    const urls = await classUrls('inversion-bonos', await subscriber());
    const plain = [
      '/media/videos/hls/clase-tarjeta/index.m3u8',
      '/media/videos/hls/clase-tarjeta/360p-00.m4s',
      '/media/videos/hls/clase-tarjeta/360p-inicio.mp4',
      '/media/videos/clase-ahorro.mp4',
      '/media/videos/bienvenida.mp4',
      `/media/subidas/videos/${mp4Hex}.mp4`,
      `/media/subidas/videos/${hlsHex}/index.m3u8`,
      `/media/subidas/videos/${hlsHex}/segment-00000.ts`,
      // the signed address with its token taken out
      (urls['demo-hls'] as string).replace(signedShape, '/media/'),
    ];
    const learner = bearer((await newSession(t.app)).credentials);
    for (const url of plain) {
      for (const headers of [{}, learner]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().internalCode).toBe('NOT_FOUND');
      }
    }
    // without access, the course gives no address at all
    expect((await get('/api/academy/inversion-bonos', learner)).statusCode).toBe(403);
  });

  it('refuses a tampered, moved or expired signature with 403 (MP4, playlist and segment)', async () => {
    const urls = await classUrls('inversion-bonos', await subscriber());
    const token = (url: string) => /^\/media\/s\/([^/]+)\//.exec(url)?.[1] as string;
    const flip = (url: string) => {
      const tk = token(url);
      const last = tk.at(-1) === 'A' ? 'B' : 'A';
      return url.replace(tk, `${tk.slice(0, -1)}${last}`);
    };
    const playlist = urls['demo-hls'] as string;
    const segment = playlist.replace('index.m3u8', '360p-00.m4s');
    const tampered = [
      flip(urls['demo-mp4'] as string),
      flip(playlist),
      flip(segment),
      flip(urls['up-mp4'] as string),
      flip(urls['up-hls'] as string),
      // a later expiry with the same signature
      (urls['demo-mp4'] as string).replace(
        /^\/media\/s\/(\d+)\./,
        (_m, e) => `/media/s/${Number(e) + 86_400}.`,
      ),
      // one MP4's token on another MP4
      (urls['demo-mp4'] as string).replace('clase-ahorro.mp4', 'clase-inversion.mp4'),
      // a playlist's token on another stream's folder
      playlist.replace('videos/hls/clase-tarjeta/', `subidas/videos/${hlsHex}/`),
      // a playlist's token does not open the videos beside its folder
      playlist.replace('hls/clase-tarjeta/index.m3u8', 'clase-ahorro.mp4'),
      '/media/s/not-a-token/videos/clase-ahorro.mp4',
    ];
    for (const url of tampered) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        internalCode: 'INVALID_MEDIA_SIGNATURE',
        message: 'La dirección del video no es válida. Volvé a abrir la clase.',
      });
    }

    const past = Math.floor(Date.now() / 1000) - 60;
    for (const url of [
      '/media/videos/clase-ahorro.mp4',
      '/media/videos/hls/clase-tarjeta/index.m3u8',
      `/media/subidas/videos/${hlsHex}/index.m3u8`,
    ]) {
      const expired = signMediaUrl(t.app.config, url, past);
      expect(expired).toMatch(signedShape);
      const res = await get(expired);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().internalCode).toBe('MEDIA_URL_EXPIRED');
      if (url.endsWith('.m3u8')) {
        const part = await get(
          expired.replace('index.m3u8', url.includes('subidas') ? 'segment-00000.ts' : '360p-00.m4s'),
        );
        expect(part.json().internalCode).toBe('MEDIA_URL_EXPIRED');
      }
    }
    // Names outside the folder are not reached through a signed playlist's folder.
    const traversal = await get(playlist.replace('index.m3u8', '..%2F..%2Fclase-ahorro.mp4'));
    expect([403, 404]).toContain(traversal.statusCode);
  });

  it('signs free courses’ videos the same way, and only for those who may open the course', async () => {
    const learner = bearer((await newSession(t.app)).credentials);
    const urls = await classUrls('presupuesto-gratis', learner);
    expect(urls['free-mp4']).toMatch(signedShape);
    expect((await get(urls['free-mp4'] as string)).statusCode).toBe(200);
    // the preview of a paid course, for someone without access: no addresses
    const preview = await get('/api/academy/preview/inversion-bonos', learner);
    const addresses = (
      preview.json() as { modules: { sections: { section_url: unknown }[] }[] }
    ).modules.flatMap((m) => m.sections.map((s) => s.section_url));
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((a) => a === null)).toBe(true);
  });
});
