import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminUploadResult } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import {
  learnerSectionUrl,
  publishCourseWith,
  sectionOf,
  tinyMp4,
  unsignedMediaUrl,
  uploadWhole,
} from '../../../../test/uploads';
import { auditLog, videoPackagings } from '../../../db/schema';
import {
  avcCodecOf,
  bandwidthOf,
  masterPlaylist,
  segmentsOf,
  sourceStreamsOf,
  videoLadder,
  withSubtitles,
} from '../../files/hls-ladder';
import { mediaUrlExpiry, signMediaUrl } from '../../files/media-urls';
import { hlsPackagingJob, packageVideo } from './hls-packaging';
import type { VideoPackaging } from './hls-routes';

/** Whether this machine has ffmpeg: the packaging tests exist only there (CI installs it). */
const ffmpegPresent = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

const workDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-hls-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Uploads `video` through the tus route in one PATCH, as `headers`' operator. */
const upload = (t: TestApp, headers: Record<string, string>, video: Buffer) =>
  uploadWhole(t.app, headers, video);

/** A free published course whose one class is `video`, made by the editor. */
const courseWith = (t: TestApp, headers: Record<string, string>, id: string, video: AdminUploadResult) =>
  publishCourseWith(t.app, headers, id, sectionOf(`${id}-s1`, video));

/** The address a learner is given for the course's one class. */
const learnerVideoUrl = async (t: TestApp, courseId: string) =>
  (await learnerSectionUrl(t.app, courseId)).url;

/** A real 3-second MP4 made by ffmpeg (test pattern and a tone), with the codecs and size asked for. */
function makeVideo(name: string, codecs: string[], size = '160x120'): Buffer {
  const file = path.join(workDir, name);
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=3:size=${size}:rate=15`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3',
      ...codecs,
      '-shortest',
      '-y',
      file,
    ],
    { stdio: 'ignore' },
  );
  return readFileSync(file);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the HLS ladder (decision 0175)', () => {
  it('offers 360p and 720p, never taller than the source, and at least one rung', () => {
    const names = (width: number, height: number) =>
      videoLadder({ width, height }).map((r) => `${r.name} ${r.width}x${r.height}`);
    expect(names(1920, 1080)).toEqual(['360p 640x360', '720p 1280x720']);
    expect(names(1280, 720)).toEqual(['360p 640x360', '720p 1280x720']);
    expect(names(640, 360)).toEqual(['360p 640x360']);
    expect(names(640, 480)).toEqual(['360p 480x360']);
    // a small source is not upscaled: one rung at its own height
    expect(names(160, 120)).toEqual(['120p 160x120']);
    expect(names(321, 181)).toEqual(['180p 320x180']);
    // upright phone video
    expect(names(1080, 1920)).toEqual(['360p 202x360', '720p 406x720']);
  });

  it('reads the source’s displayed size and sound from ffmpeg’s description', () => {
    const video =
      '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1920x1080 [SAR 1:1 DAR 16:9], 30 fps';
    const audio = '  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo';
    expect(sourceStreamsOf(`${video}\n${audio}`)).toEqual({ width: 1920, height: 1080, hasAudio: true });
    expect(sourceStreamsOf(video)).toEqual({ width: 1920, height: 1080, hasAudio: false });
    const rotated = `${video}\n    Side data:\n      displaymatrix: rotation of -90.00 degrees\n${audio}`;
    expect(sourceStreamsOf(rotated)).toEqual({ width: 1080, height: 1920, hasAudio: true });
    expect(sourceStreamsOf(audio)).toBeNull();
  });

  it('writes a master playlist with BANDWIDTH, RESOLUTION and CODECS, audio only last, and adds Spanish subtitles', () => {
    expect(avcCodecOf(Buffer.from([0, 0, 0, 1, 0x67, 0x4d, 0x40, 0x1f, 0xec]))).toBe('avc1.4d401f');
    expect(avcCodecOf(Buffer.from([0, 0, 0, 1, 0x65, 0x88]))).toBeNull();
    expect(
      segmentsOf('#EXTM3U\n#EXTINF:6.000000,\na-00000.ts\n#EXTINF:0.5,\na-00001.ts\n#EXT-X-ENDLIST\n'),
    ).toEqual([
      { uri: 'a-00000.ts', seconds: 6 },
      { uri: 'a-00001.ts', seconds: 0.5 },
    ]);
    // the peak ignores a last sliver of a segment
    expect(
      bandwidthOf([
        { seconds: 6, bytes: 75_000 },
        { seconds: 0.5, bytes: 50_000 },
      ]),
    ).toEqual({
      peak: 153_847,
      average: 153_847,
    });
    const master = masterPlaylist([
      { uri: 'audio.m3u8', bandwidth: { peak: 70_000, average: 66_000 }, codecs: ['mp4a.40.2'] },
      {
        uri: '720p.m3u8',
        bandwidth: { peak: 2_000_000, average: 1_500_000 },
        resolution: { width: 1280, height: 720 },
        codecs: ['avc1.4d401f', 'mp4a.40.2'],
      },
      {
        uri: '360p.m3u8',
        bandwidth: { peak: 600_000, average: 500_000 },
        resolution: { width: 640, height: 360 },
        codecs: ['avc1.4d401e', 'mp4a.40.2'],
      },
    ]);
    expect(master).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=600000,AVERAGE-BANDWIDTH=500000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
        '360p.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=2000000,AVERAGE-BANDWIDTH=1500000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"',
        '720p.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=70000,AVERAGE-BANDWIDTH=66000,CODECS="mp4a.40.2"',
        'audio.m3u8',
        '',
      ].join('\n'),
    );
    const subtitled = withSubtitles(master, 'subtitulos.x.m3u8').split('\n');
    expect(subtitled[3]).toBe(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Español",DEFAULT=YES,AUTOSELECT=YES,URI="subtitulos.x.m3u8"',
    );
    expect(
      subtitled
        .filter((l) => l.startsWith('#EXT-X-STREAM-INF:'))
        .every((l) => l.endsWith(',SUBTITLES="subs"')),
    ).toBe(true);
  });
});

const hlsFilesDir = path.join(workDir, 'files');
mkdirSync(hlsFilesDir);

if (ffmpegPresent) {
  const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false', FILES_DIR: hlsFilesDir }));

  /** Asks the editor's route until the packaging leaves queued/packaging (the real job runs it). */
  async function settled(headers: Record<string, string>, videoName: string): Promise<VideoPackaging> {
    const url = `/api/admin/videos/${videoName}/hls`;
    for (let i = 0; i < 240; i++) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, res.body).toBe(200);
      const state = res.json() as VideoPackaging;
      if (state.state !== 'queued' && state.state !== 'packaging') return state;
      await sleep(250);
    }
    throw new Error(`the packaging of ${videoName} did not settle`);
  }

  /** The queue's jobs for one video, once none of them is still `created` or `active`. */
  async function jobStatesOnceSettled(videoKey: string): Promise<string[]> {
    let states: string[] = [];
    for (let i = 0; i < 40; i++) {
      const jobs = await t.database.db.execute<{ state: string }>(
        sql`select state from pgboss.job where name = ${hlsPackagingJob} and data->>'videoKey' = ${videoKey}`,
      );
      states = jobs.rows.map((job) => job.state);
      if (!states.some((state) => state === 'created' || state === 'active')) return states;
      await sleep(250);
    }
    return states;
  }

  describe('HLS packaging with ffmpeg (decision 78)', { timeout: 120_000 }, () => {
    it('a small uploaded video is packaged by the job without upscaling: one rung at its own height and audio only', async () => {
      const editor = await operatorSession(t.app, 'editor');
      const capabilities = await t.app.inject({
        method: 'GET',
        url: '/api/admin/uploads/capabilities',
        headers: editor.headers,
      });
      expect(capabilities.json().hls).toBe(true);
      const video = makeVideo('h264.mp4', [
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
      ]);
      const uploaded = await upload(t, editor.headers, video);
      expect(uploaded.duration).toBe(3);
      const videoName = path.basename(uploaded.key);

      const state = await settled(editor.headers, videoName);
      expect(state).toMatchObject({ state: 'ready', method: 'transcode', error: null });
      expect(state.playlistUrl).toBe(`/media/subidas/videos/${videoName.replace('.mp4', '')}/master.m3u8`);
      // one job of the queue, completed (pg-boss marks it a moment after the handler wrote `ready`)
      expect(await jobStatesOnceSettled(uploaded.key)).toEqual(['completed']);

      await courseWith(t, editor.headers, 'con-hls', uploaded);
      const url = await learnerVideoUrl(t, 'con-hls');
      expect(unsignedMediaUrl(url)).toBe(state.playlistUrl);
      const master = await t.app.inject({ method: 'GET', url });
      expect(master.statusCode).toBe(200);
      expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      const renditions = master.body.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(renditions).toEqual(['120p.m3u8', 'audio.m3u8']);
      expect(master.body).toMatch(/RESOLUTION=160x120,CODECS="avc1\.4d40[0-9a-f]{2},mp4a\.40\.2"/);
      const playlist = await t.app.inject({ method: 'GET', url: url.replace('master.m3u8', '120p.m3u8') });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist.body).toContain('#EXT-X-ENDLIST');
      const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'));
      expect(segment).toBe('120p-00000.ts');
      const first = await t.app.inject({ method: 'GET', url: url.replace('master.m3u8', segment as string) });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('video/mp2t');
      expect(first.rawPayload[0]).toBe(0x47); // an MPEG-TS packet's sync byte
      // names that are not the stream's files are not served
      const other = await t.app.inject({ method: 'GET', url: url.replace('master.m3u8', 'otra.txt') });
      expect(other.statusCode).toBe(404);
      // the MP4 itself plays at its signed address only (decision 0102)
      expect((await t.app.inject({ method: 'GET', url: uploaded.sectionUrl })).statusCode).toBe(404);
      const signedMp4 = signMediaUrl(t.app.config, uploaded.sectionUrl, mediaUrlExpiry());
      expect((await t.app.inject({ method: 'GET', url: signedMp4 })).statusCode).toBe(200);
    });

    it('a 720p upload becomes a 360p/720p/audio ladder; a class with uploaded captions gets them as the master’s subtitles; nothing plays without the signature', async () => {
      const editor = await operatorSession(t.app, 'editor');
      const video = makeVideo(
        'h264-720.mp4',
        ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
        '1280x720',
      );
      const uploaded = await upload(t, editor.headers, video);
      const videoName = path.basename(uploaded.key);
      const hex = videoName.replace('.mp4', '');
      const state = await settled(editor.headers, videoName);
      expect(state).toMatchObject({ state: 'ready', method: 'transcode', error: null });

      await courseWith(t, editor.headers, 'con-escalera', uploaded);
      const { url, headers } = await learnerSectionUrl(t.app, 'con-escalera');
      expect(url).toMatch(
        new RegExp(`^/media/s/\\d+\\.[A-Za-z0-9_-]{43}/subidas/videos/${hex}/master\\.m3u8$`),
      );
      const master = await t.app.inject({ method: 'GET', url });
      expect(master.statusCode).toBe(200);
      const lines = master.body.trim().split('\n');
      expect(lines.slice(0, 3)).toEqual(['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS']);
      expect(lines.filter((line) => !line.startsWith('#'))).toEqual(['360p.m3u8', '720p.m3u8', 'audio.m3u8']);
      const streams = lines.filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
      expect(streams[0]).toMatch(
        /^#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=640x360,CODECS="avc1\.4d40[0-9a-f]{2},mp4a\.40\.2"$/,
      );
      expect(streams[1]).toMatch(
        /^#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=1280x720,CODECS="avc1\.4d40[0-9a-f]{2},mp4a\.40\.2"$/,
      );
      expect(streams[2]).toMatch(
        /^#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,CODECS="mp4a\.40\.2"$/,
      );
      const bandwidth = (line: string) =>
        Number(/^#EXT-X-STREAM-INF:BANDWIDTH=(\d+)/.exec(line as string)?.[1]);
      expect(bandwidth(streams[2] as string)).toBeLessThan(bandwidth(streams[0] as string));
      expect(bandwidth(streams[0] as string)).toBeLessThan(bandwidth(streams[1] as string));
      expect(master.body).not.toContain('EXT-X-MEDIA');

      // each rendition really is what the master says: ffmpeg reads its first segment
      for (const [name, expected] of [
        ['360p', /Video: h264 \(Main\).*640x360[\s\S]*Audio: aac/],
        ['720p', /Video: h264 \(Main\).*1280x720[\s\S]*Audio: aac/],
        ['audio', /Audio: aac/],
      ] as const) {
        const playlist = await t.app.inject({
          method: 'GET',
          url: url.replace('master.m3u8', `${name}.m3u8`),
        });
        expect(playlist.statusCode, name).toBe(200);
        const segment = await t.app.inject({
          method: 'GET',
          url: url.replace('master.m3u8', `${name}-00000.ts`),
        });
        expect(segment.statusCode, name).toBe(200);
        const file = path.join(workDir, `${name}.ts`);
        writeFileSync(file, segment.rawPayload);
        const description = spawnSync('ffmpeg', ['-hide_banner', '-i', file], { encoding: 'utf8' }).stderr;
        expect(description, name).toMatch(expected);
        if (name === 'audio') expect(description).not.toMatch(/Video:/);
        // not without the signature
        const plain = await t.app.inject({
          method: 'GET',
          url: `/media/subidas/videos/${hex}/${name}-00000.ts`,
        });
        expect(plain.statusCode).toBe(404);
        const flipped = url.replace(
          /\.([A-Za-z0-9_-])([A-Za-z0-9_-]{42})\//,
          (_m, c, rest) => `.${c === 'A' ? 'B' : 'A'}${rest}/`,
        );
        const tampered = await t.app.inject({
          method: 'GET',
          url: flipped.replace('master.m3u8', `${name}-00000.ts`),
        });
        expect(tampered.statusCode).toBe(403);
      }

      // The editor uploads the class's captions: the learner's master names them as Spanish subtitles.
      const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nHola, esta es la clase.\n';
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/courses/con-escalera/sections/con-escalera-s1/captions',
        headers: editor.headers,
        payload: { vtt },
      });
      expect(put.statusCode, put.body).toBe(200);
      const course = await t.app.inject({ method: 'GET', url: '/api/academy/con-escalera', headers });
      const section = course.json().modules[0].sections[0] as { section_url: string; captions_url: string };
      const hash = /\.([0-9a-f]{16})\.vtt$/.exec(section.captions_url)?.[1] as string;
      expect(section.section_url).toMatch(
        new RegExp(
          `^/media/s/\\d+\\.[A-Za-z0-9_-]{43}/subidas/videos/${hex}/clase\\.con-escalera-s1\\.${hash}\\.m3u8$`,
        ),
      );
      const withCaptions = await t.app.inject({ method: 'GET', url: section.section_url });
      expect(withCaptions.statusCode).toBe(200);
      expect(withCaptions.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      const subtitled = withCaptions.body.split('\n');
      expect(subtitled).toContain(
        `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Español",DEFAULT=YES,AUTOSELECT=YES,URI="subtitulos.con-escalera-s1.${hash}.m3u8"`,
      );
      const subtitledStreams = subtitled.filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
      expect(subtitledStreams).toHaveLength(3);
      for (const line of subtitledStreams) expect(line).toMatch(/,SUBTITLES="subs"$/);
      // the subtitles' playlist, beside the renditions under the same token: the captions, signed
      const subtitlesUrl = new URL(
        `subtitulos.con-escalera-s1.${hash}.m3u8`,
        `http://a.test${section.section_url}`,
      ).pathname;
      const subtitles = await t.app.inject({ method: 'GET', url: subtitlesUrl });
      expect(subtitles.statusCode).toBe(200);
      expect(subtitles.body).toMatch(/#EXT-X-TARGETDURATION:3\n/);
      expect(subtitles.body).toContain('#EXT-X-ENDLIST');
      const captionsUrl = subtitles.body.split('\n').find((line) => line.startsWith('/media/s/')) as string;
      expect(captionsUrl).toMatch(
        new RegExp(
          `^/media/s/\\d+\\.[A-Za-z0-9_-]{43}/subidas/videos/subtitulos/con-escalera-s1\\.${hash}\\.vtt$`,
        ),
      );
      // signed with the request's own expiry, never longer
      expect(captionsUrl.split('/')[3]?.split('.')[0]).toBe(section.section_url.split('/')[3]?.split('.')[0]);
      const captions = await t.app.inject({ method: 'GET', url: captionsUrl });
      expect(captions.statusCode).toBe(200);
      expect(captions.body).toBe(vtt);
      // another section's name, an old hash, or no signature: nothing
      for (const wrong of [
        section.section_url.replace('clase.con-escalera-s1.', 'clase.con-hls-s1.'),
        section.section_url.replace(hash, '0'.repeat(16)),
        subtitlesUrl.replace(hash, '0'.repeat(16)),
      ]) {
        expect((await t.app.inject({ method: 'GET', url: wrong })).statusCode, wrong).toBe(404);
      }
      expect(
        (await t.app.inject({ method: 'GET', url: unsignedMediaUrl(section.section_url) })).statusCode,
      ).toBe(404);
      const expired = signMediaUrl(
        t.app.config,
        unsignedMediaUrl(section.section_url),
        Math.floor(Date.now() / 1000) - 60,
      );
      expect((await t.app.inject({ method: 'GET', url: expired })).json().internalCode).toBe(
        'MEDIA_URL_EXPIRED',
      );
    });

    it('a video in another codec is transcoded to H.264/AAC; an editor may ask again, and it is audited', async () => {
      const editor = await operatorSession(t.app, 'editor');
      const video = makeVideo('mpeg4.mp4', ['-c:v', 'mpeg4', '-c:a', 'aac']);
      const uploaded = await upload(t, editor.headers, video);
      const videoName = path.basename(uploaded.key);
      const state = await settled(editor.headers, videoName);
      expect(state).toMatchObject({ state: 'ready', method: 'transcode' });
      const playlist = await t.app.inject({
        method: 'GET',
        url: signMediaUrl(t.app.config, state.playlistUrl as string, mediaUrlExpiry()),
      });
      expect(playlist.statusCode).toBe(200);

      // Asking again for a ready video changes nothing.
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/admin/videos/${videoName}/hls`,
        headers: editor.headers,
      });
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json().state).toBe('ready');
      const entries = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'video.hls_queue'));
      expect(entries).toHaveLength(0);
    });

    it('a file ffmpeg cannot read fails with ffmpeg’s words; asked again, it is queued and audited', async () => {
      const editor = await operatorSession(t.app, 'editor');
      // Not uploaded through tus (which would queue it at once): written into the storage as is.
      const videoKey = 'subidas/videos/0123456789abcdef0123456789abcdef.mp4';
      mkdirSync(path.join(hlsFilesDir, 'subidas', 'videos'), { recursive: true });
      writeFileSync(path.join(hlsFilesDir, videoKey), tinyMp4(4_000));
      await t.database.db.insert(videoPackagings).values({ videoKey, status: 'queued' });
      await expect(packageVideo(t.app, { videoKey })).rejects.toThrow();
      const url = `/api/admin/videos/${path.basename(videoKey)}/hls`;
      const failed = (await t.app.inject({ method: 'GET', url, headers: editor.headers })).json();
      expect(failed.state).toBe('failed');
      expect(failed.error).toMatch(/ffmpeg/);
      const course = await t.app.inject({
        method: 'GET',
        url: '/media/subidas/videos/0123456789abcdef0123456789abcdef/index.m3u8',
      });
      expect(course.statusCode).toBe(404);

      const retried = await t.app.inject({ method: 'POST', url, headers: editor.headers });
      expect(retried.statusCode, retried.body).toBe(202);
      expect(['queued', 'packaging', 'failed']).toContain(retried.json().state);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'video.hls_queue'));
      expect(entry).toMatchObject({ targetType: 'upload', targetId: videoKey });
      expect(entry?.before).toMatchObject({ state: 'failed' });
      // support may not ask
      const support = await operatorSession(t.app, 'support');
      expect((await t.app.inject({ method: 'POST', url, headers: support.headers })).statusCode).toBe(403);
    });
  });
}

describe('without ffmpeg (FFMPEG_PATH pointing nowhere)', { timeout: 60_000 }, () => {
  const filesDir = path.join(workDir, 'no-ffmpeg');
  mkdirSync(filesDir);
  const t = testAppForFile(() =>
    createTestApp({ RATE_LIMIT_ENABLED: 'false', FILES_DIR: filesDir, FFMPEG_PATH: '/nonexistent/ffmpeg' }),
  );

  it('nothing is queued and the learner gets the MP4', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const capabilities = await t.app.inject({
      method: 'GET',
      url: '/api/admin/uploads/capabilities',
      headers: editor.headers,
    });
    expect(capabilities.json().hls).toBe(false);
    const uploaded = await upload(t, editor.headers, tinyMp4(3_000));
    const videoName = path.basename(uploaded.key);
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/admin/videos/${videoName}/hls`,
      headers: editor.headers,
    });
    expect(state.json()).toMatchObject({ state: 'unavailable', playlistUrl: null });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${videoName}/hls`,
      headers: editor.headers,
    });
    expect(asked.statusCode).toBe(409);
    expect(await t.database.db.select().from(videoPackagings)).toEqual([]);
    const jobs = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${hlsPackagingJob}`,
    );
    expect(jobs.rows[0]?.n).toBe(0);

    await courseWith(t, editor.headers, 'sin-hls', uploaded);
    const url = await learnerVideoUrl(t, 'sin-hls');
    expect(unsignedMediaUrl(url)).toBe(uploaded.sectionUrl);
    const played = await t.app.inject({ method: 'GET', url });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/mp4');
  });
});
