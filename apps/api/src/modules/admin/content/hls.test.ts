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
import { mediaUrlExpiry, signMediaUrl } from '../../files/media-urls';
import { hlsPackagingJob, packageVideo, streamsAllowCopy } from './hls-packaging';
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

/** A real 3-second MP4 made by ffmpeg (test pattern and a tone), with the codecs asked for. */
function makeVideo(name: string, codecs: string[]): Buffer {
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
      'testsrc=duration=3:size=160x120:rate=15',
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

describe('which MP4 streams may be copied into HLS segments', () => {
  it('H.264 with AAC (or no audio) is copied; anything else is transcoded', () => {
    const h264 = '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 160x120';
    const aac = '  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono';
    const mp3 = '  Stream #0:1[0x2](und): Audio: mp3 (mp4a / 0x6134706D), 44100 Hz, mono';
    const mpeg4 = '  Stream #0:0[0x1](und): Video: mpeg4 (Simple Profile) (mp4v / 0x7634706D)';
    expect(streamsAllowCopy(`${h264}\n${aac}`)).toBe(true);
    expect(streamsAllowCopy(h264)).toBe(true);
    expect(streamsAllowCopy(`${h264}\n${mp3}`)).toBe(false);
    expect(streamsAllowCopy(`${mpeg4}\n${aac}`)).toBe(false);
    expect(streamsAllowCopy(aac)).toBe(false);
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
    it('an uploaded H.264/AAC video is packaged by the job (streams copied); the learner gets the playlist and its segments', async () => {
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
      expect(state).toMatchObject({ state: 'ready', method: 'copy', error: null });
      expect(state.playlistUrl).toBe(`/media/subidas/videos/${videoName.replace('.mp4', '')}/index.m3u8`);
      // one job of the queue, completed (pg-boss marks it a moment after the handler wrote `ready`)
      expect(await jobStatesOnceSettled(uploaded.key)).toEqual(['completed']);

      await courseWith(t, editor.headers, 'con-hls', uploaded);
      const url = await learnerVideoUrl(t, 'con-hls');
      expect(unsignedMediaUrl(url)).toBe(state.playlistUrl);
      const playlist = await t.app.inject({ method: 'GET', url });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(playlist.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist.body).toContain('#EXT-X-ENDLIST');
      const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'));
      expect(segment).toBe('segment-00000.ts');
      const first = await t.app.inject({ method: 'GET', url: url.replace('index.m3u8', segment as string) });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('video/mp2t');
      expect(first.rawPayload[0]).toBe(0x47); // an MPEG-TS packet's sync byte
      // names that are not the stream's files are not served
      const other = await t.app.inject({ method: 'GET', url: url.replace('index.m3u8', 'otra.txt') });
      expect(other.statusCode).toBe(404);
      // the MP4 itself plays at its signed address only (decision 0102)
      expect((await t.app.inject({ method: 'GET', url: uploaded.sectionUrl })).statusCode).toBe(404);
      const signedMp4 = signMediaUrl(t.app.config, uploaded.sectionUrl, mediaUrlExpiry());
      expect((await t.app.inject({ method: 'GET', url: signedMp4 })).statusCode).toBe(200);
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
