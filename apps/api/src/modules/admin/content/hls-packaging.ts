import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { videoPackagings } from '../../../db/schema';
import type { Tx } from '../../../db/transaction';
import { announceContentChange } from '../../academy/content-cache';
import {
  aacCodec,
  audioRenditionName,
  avcCodecOf,
  bandwidthOf,
  ladderArguments,
  masterPlaylist,
  type Rendition,
  segmentsOf,
  sourceStreamsOf,
  type VideoRung,
  videoLadder,
} from '../../files/hls-ladder';
import type { Job } from '../../jobs/job-queue';

/**
 * HLS packaging of the videos uploaded in the back office (decisions 78 and 0175). Where ffmpeg
 * runs, each finished MP4 upload (and an editor's request) queues a `content.hls` job; the job
 * transcodes the MP4 into a ladder (hls-ladder.ts) of 6-second MPEG-TS segments next to it in the
 * storage — `subidas/videos/{hex}.mp4` → `subidas/videos/{hex}/master.m3u8`, `360p.m3u8`,
 * `360p-00000.ts`, `720p.m3u8`…, `audio.m3u8`… The state of each video (queued, packaging, ready,
 * failed) is a row of `video_packagings`; once it is ready the learner's course gives the master
 * playlist instead of the MP4 (files/video-playback.ts). Videos packaged before the ladder keep
 * their single `index.m3u8` and play as they are. Without ffmpeg nothing is queued and the MP4 is
 * served.
 */

export const hlsPackagingJob = 'content.hls';

export type PackagingStatus = (typeof videoPackagings.$inferSelect)['status'];

/** Queue options: one job per video (not `stately`), 3 retries with backoff, long transcodes allowed. */
export const hlsQueueOptions = {
  policy: 'standard',
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 900,
  expireInSeconds: 4 * 60 * 60,
} as const;

const videoKeyPattern = /^subidas\/videos\/([0-9a-f]{32})\.mp4$/;

/** subidas/videos/{hex}.mp4 → subidas/videos/{hex}/ (the folder of its stream), or null. */
export function hlsFolderOf(videoKey: string): string | null {
  const match = videoKeyPattern.exec(videoKey);
  return match ? `subidas/videos/${match[1]}/` : null;
}

/** The playlist's public address (served by files/serve-media.ts). */
export const playlistUrlOf = (playlistKey: string) => `/media/${playlistKey}`;

const probes = new Map<string, boolean>();

/** Whether the configured ffmpeg runs here (asked once per program path and process). */
export function ffmpegRuns(ffmpegPath: string): boolean {
  let runs = probes.get(ffmpegPath);
  if (runs === undefined) {
    const probe = spawnSync(ffmpegPath, ['-version'], { stdio: 'ignore', timeout: 5000 });
    runs = probe.status === 0;
    probes.set(ffmpegPath, runs);
  }
  return runs;
}

/** Whether this app packages videos: its configured ffmpeg runs. */
export function hlsPackagingAvailable(app: FastifyInstance): boolean {
  return ffmpegRuns(app.config.ffmpegPath);
}

/**
 * Marks a video as queued (a new one, or one whose packaging failed) and sends its job. Returns
 * false, queuing nothing, without ffmpeg, for a key that is not an uploaded video, or when the
 * video is already queued, being packaged or ready. `audit` runs in the transaction of the row,
 * only when it was queued. The job is sent after the commit, never inside a transaction (on PGlite
 * the queue would wait for it: job-queue.ts).
 */
export async function queueHlsPackaging(
  app: FastifyInstance,
  videoKey: string,
  audit?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  if (!hlsFolderOf(videoKey) || !hlsPackagingAvailable(app)) return false;
  const queued = await app.db.transaction(async (tx) => {
    const rows = await tx
      .insert(videoPackagings)
      .values({ videoKey, status: 'queued' })
      .onConflictDoUpdate({
        target: videoPackagings.videoKey,
        set: { status: 'queued', error: null, attempts: 0, updatedAt: sql`now()` },
        setWhere: eq(videoPackagings.status, 'failed'),
      })
      .returning({ videoKey: videoPackagings.videoKey });
    if (rows.length > 0) await audit?.(tx);
    return rows.length > 0;
  });
  if (!queued) return false;
  try {
    await app.jobs.send(hlsPackagingJob, { videoKey });
  } catch (error) {
    await app.db
      .update(videoPackagings)
      .set({ status: 'failed', error: 'No se pudo encolar el empaquetado.', updatedAt: sql`now()` })
      .where(eq(videoPackagings.videoKey, videoKey));
    throw error;
  }
  return true;
}

/** The packaging row of a video, or null when it was never queued. */
export async function videoPackagingOf(app: FastifyInstance, videoKey: string) {
  const [row] = await app.db.select().from(videoPackagings).where(eq(videoPackagings.videoKey, videoKey));
  return row ?? null;
}

interface RunResult {
  code: number | null;
  stderr: string;
  /** what it wrote to stdout, when asked for (`keepStdout`) */
  stdout: Buffer;
}

/** Runs a program without a shell; keeps the last 4 KB of what it wrote to stderr. */
function run(program: string, args: string[], keepStdout = false): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ['ignore', keepStdout ? 'pipe' : 'ignore', 'pipe'],
      shell: false,
    });
    let stderr = '';
    const stdout: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr, stdout: Buffer.concat(stdout) }));
  });
}

/** The H.264 codec name of a rendition, read from the first frame of its first segment. */
async function videoCodecOf(ffmpeg: string, segment: string): Promise<string> {
  const raw = await run(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      segment,
      '-map',
      '0:v:0',
      '-c',
      'copy',
      '-frames:v',
      '1',
      '-f',
      'h264',
      'pipe:1',
    ],
    true,
  );
  const codec = avcCodecOf(raw.stdout);
  if (raw.code !== 0 || !codec)
    throw new PackagingError('No se pudo leer el códec del video empaquetado.', raw.stderr);
  return codec;
}

/**
 * The ladder's master playlist, from what ffmpeg wrote in `outputDir`: each rendition's measured
 * bandwidth, its resolution and its codecs.
 */
async function writeMasterPlaylist(
  ffmpeg: string,
  outputDir: string,
  rungs: VideoRung[],
  hasAudio: boolean,
): Promise<void> {
  const measure = async (name: string) => {
    const segments = segmentsOf(await readFile(path.join(outputDir, `${name}.m3u8`), 'utf8'));
    if (segments.length === 0) throw new PackagingError(`ffmpeg no escribió segmentos de ${name}.`, '');
    const sized = await Promise.all(
      segments.map(async (s) => ({
        seconds: s.seconds,
        bytes: (await stat(path.join(outputDir, s.uri))).size,
      })),
    );
    return {
      first: path.join(outputDir, (segments[0] as { uri: string }).uri),
      bandwidth: bandwidthOf(sized),
    };
  };
  const renditions: Rendition[] = [];
  for (const rung of rungs) {
    const { first, bandwidth } = await measure(rung.name);
    renditions.push({
      uri: `${rung.name}.m3u8`,
      bandwidth,
      resolution: { width: rung.width, height: rung.height },
      codecs: [await videoCodecOf(ffmpeg, first), ...(hasAudio ? [aacCodec] : [])],
    });
  }
  if (hasAudio) {
    const { bandwidth } = await measure(audioRenditionName);
    renditions.push({ uri: `${audioRenditionName}.m3u8`, bandwidth, codecs: [aacCodec] });
  }
  await writeFile(path.join(outputDir, masterPlaylistName), masterPlaylist(renditions));
}

/** The ladder's master playlist, beside its renditions. */
export const masterPlaylistName = 'master.m3u8';

const contentTypes = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' } as const;

/** The HLS files' content types, by extension. */
export function hlsContentType(fileName: string): string | null {
  const extension = fileName.split('.').pop() as keyof typeof contentTypes;
  return Object.hasOwn(contentTypes, extension) ? contentTypes[extension] : null;
}

/** The MP4 as a local file: the local driver's own, or a copy of the bucket's object in `workDir`. */
async function localInput(app: FastifyInstance, videoKey: string, workDir: string): Promise<string> {
  if (app.fileStorage.driver === 'local') return path.join(app.config.storage.filesDir, videoKey);
  const stored = await app.fileStorage.read(videoKey);
  if (!stored) throw new Error(`${videoKey} is not in the storage`);
  const input = path.join(workDir, 'input.mp4');
  await pipeline(stored.body, createWriteStream(input));
  return input;
}

/** Puts the stream's files into the storage beside the MP4: segments first, then playlists, the master last. */
async function storeStream(app: FastifyInstance, folderKey: string, outputDir: string): Promise<void> {
  const rank = (name: string) => (name === masterPlaylistName ? 2 : name.endsWith('.m3u8') ? 1 : 0);
  const names = (await readdir(outputDir)).sort((a, b) => rank(a) - rank(b));
  if (app.fileStorage.driver === 'local') {
    const folder = path.join(app.config.storage.filesDir, folderKey);
    await mkdir(folder, { recursive: true });
    for (const name of names) {
      // copied under a temporary name, then renamed: a reader never sees half a file
      const partial = path.join(folder, `.${name}.partial`);
      await copyFile(path.join(outputDir, name), partial);
      await rename(partial, path.join(folder, name));
    }
    return;
  }
  const s3 = app.config.storage.s3;
  if (!s3) throw new Error('the s3 driver has no bucket');
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
  });
  try {
    for (const name of names) {
      const file = path.join(outputDir, name);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: s3.bucket,
          Key: `${folderKey}${name}`,
          Body: createReadStream(file),
          ContentLength: (await stat(file)).size,
          ContentType: hlsContentType(name) ?? 'application/octet-stream',
        }),
      );
    }
  } finally {
    client.destroy();
  }
}

/**
 * The `content.hls` job: packages one video. A failure is kept on the row (ffmpeg's last words)
 * and thrown, so pg-boss retries it with backoff; the row says `queued` while a retry is left,
 * `failed` after the last one.
 */
export async function packageVideo(
  app: FastifyInstance,
  { videoKey }: { videoKey: string },
  job?: Pick<Job, 'retryCount'>,
): Promise<{ videoKey: string; status: PackagingStatus; method?: 'copy' | 'transcode' }> {
  const folderKey = hlsFolderOf(videoKey);
  if (!folderKey) return { videoKey, status: 'failed' };
  const [claimed] = await app.db
    .update(videoPackagings)
    .set({ status: 'packaging', attempts: sql`${videoPackagings.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(videoPackagings.videoKey, videoKey), inArray(videoPackagings.status, ['queued', 'packaging'])),
    )
    .returning();
  // Ready already, or failed for good and not asked again: nothing to do.
  if (!claimed) return { videoKey, status: (await videoPackagingOf(app, videoKey))?.status ?? 'failed' };

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'alcancia-hls-'));
  try {
    const ffmpeg = app.config.ffmpegPath;
    const input = await localInput(app, videoKey, workDir);
    // `ffmpeg -i` alone describes the streams on stderr (and exits 1: no output was asked).
    const description = await run(ffmpeg, ['-hide_banner', '-nostdin', '-i', input]);
    if (!/Stream #\d+:\d+/.test(description.stderr)) {
      throw new PackagingError('ffmpeg no reconoce el archivo como video.', description.stderr);
    }
    const source = sourceStreamsOf(description.stderr);
    if (!source)
      throw new PackagingError('ffmpeg no encuentra una imagen en el archivo.', description.stderr);
    const rungs = videoLadder(source);
    const outputDir = path.join(workDir, 'hls');
    await mkdir(outputDir);
    const packaged = await run(ffmpeg, ladderArguments(input, outputDir, rungs, source.hasAudio));
    if (packaged.code !== 0) {
      throw new PackagingError(`ffmpeg terminó con el código ${packaged.code}.`, packaged.stderr);
    }
    await writeMasterPlaylist(ffmpeg, outputDir, rungs, source.hasAudio);
    await storeStream(app, folderKey, outputDir);
    // every ladder is encoded anew (old single-rung streams may say `copy`)
    const method = 'transcode';
    await app.db.transaction(async (tx) => {
      await tx
        .update(videoPackagings)
        .set({
          status: 'ready',
          playlistKey: `${folderKey}${masterPlaylistName}`,
          method,
          error: null,
          updatedAt: sql`now()`,
        })
        .where(eq(videoPackagings.videoKey, videoKey));
      // Learners' cached courses drop the MP4 for the playlist (files/video-playback.ts).
      await announceContentChange(tx);
    });
    return { videoKey, status: 'ready', method };
  } catch (error) {
    const retriesLeft = (job?.retryCount ?? hlsQueueOptions.retryLimit) < hlsQueueOptions.retryLimit;
    const message =
      error instanceof PackagingError
        ? error.describe()
        : `No se pudo empaquetar: ${(error as Error).message}`;
    await app.db
      .update(videoPackagings)
      .set({
        status: retriesLeft ? 'queued' : 'failed',
        error: message.slice(0, 2000),
        updatedAt: sql`now()`,
      })
      .where(eq(videoPackagings.videoKey, videoKey));
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

class PackagingError extends Error {
  constructor(
    message: string,
    readonly ffmpegOutput: string,
  ) {
    super(message);
  }

  /** The message and ffmpeg's last lines, for the editor. */
  describe(): string {
    const tail = this.ffmpegOutput.trim().split('\n').slice(-3).join('\n');
    return tail ? `${this.message}\n${tail}` : this.message;
  }
}
