import path from 'node:path';

/**
 * The HLS ladder an uploaded video is packaged into (issue 30, decision 0175): H.264/AAC video
 * renditions of 360p and 720p (only those no taller than the source: a video is never upscaled,
 * and a source under 360p gets one rendition at its own height), plus an audio-only rendition
 * when the source has sound. Every rendition has its own media playlist and 6-second MPEG-TS
 * segments in the video's folder; a master playlist lists them with BANDWIDTH (measured on the
 * segments written), RESOLUTION and CODECS (read from the encoded stream itself).
 */

export interface VideoRung {
  /** the rendition's name: its playlist is `{name}.m3u8`, its segments `{name}-00000.ts`… */
  name: string;
  width: number;
  height: number;
  /** the encoder's bitrate ceiling, so a rung stays as light as its height promises */
  maxrateKbps: number;
}

/** The rungs offered, lowest first. */
const ladder = [
  { height: 360, maxrateKbps: 800 },
  { height: 720, maxrateKbps: 2500 },
] as const;

/** The audio-only rendition's name and bitrate (the video rungs carry 96 kb/s). */
export const audioRenditionName = 'audio';
const audioOnlyKbps = 64;
const rungAudioKbps = 96;

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** The video rungs for a source of this size (as displayed): never taller than it, at least one. */
export function videoLadder(source: { width: number; height: number }): VideoRung[] {
  const fitting = ladder.filter((rung) => rung.height <= source.height);
  const chosen = fitting.length > 0 ? fitting : [{ height: even(source.height - 1), maxrateKbps: 800 }];
  return chosen.map(({ height, maxrateKbps }) => ({
    name: `${height}p`,
    height,
    width: even((source.width * height) / source.height),
    maxrateKbps,
  }));
}

export interface SourceStreams {
  width: number;
  height: number;
  hasAudio: boolean;
}

/**
 * The first video stream's displayed size and whether there is sound, from ffmpeg's own
 * description of the input (`ffmpeg -i`); a phone video turned a quarter is measured upright.
 * Null when there is no video stream with a size.
 */
export function sourceStreamsOf(ffmpegDescription: string): SourceStreams | null {
  const lines = ffmpegDescription.split('\n');
  const videoAt = lines.findIndex((line) => /Stream #\d+:\d+.*: Video: /.test(line));
  if (videoAt < 0) return null;
  const size = /, (\d{2,5})x(\d{2,5})\b/.exec(lines[videoAt] as string);
  if (!size) return null;
  let width = Number(size[1]);
  let height = Number(size[2]);
  // the stream's side data follows its line, up to the next stream
  const nextStream = lines.findIndex((line, i) => i > videoAt && /Stream #\d+:\d+/.test(line));
  const sideData = lines.slice(videoAt + 1, nextStream < 0 ? undefined : nextStream).join('\n');
  const rotation = /rotation of (-?\d+(?:\.\d+)?) degrees/.exec(sideData);
  if (rotation && Math.abs(Math.round(Number(rotation[1]))) % 180 === 90) [width, height] = [height, width];
  const hasAudio = lines.some((line) => /Stream #\d+:\d+.*: Audio: /.test(line));
  return { width, height, hasAudio };
}

/** ffmpeg's arguments: one decode, every rung encoded at once, each into its own playlist in `outputDir`. */
export function ladderArguments(
  input: string,
  outputDir: string,
  rungs: VideoRung[],
  hasAudio: boolean,
): string[] {
  const sources = rungs.length > 1 ? rungs.map((_, i) => `[s${i}]`) : ['[0:v:0]'];
  const split = rungs.length > 1 ? `[0:v:0]split=${rungs.length}${sources.join('')};` : '';
  const scales = rungs
    .map((rung, i) => `${sources[i]}scale=${rung.width}:${rung.height},setsar=1,format=yuv420p[v${i}]`)
    .join(';');
  const maps = rungs.flatMap((_, i) => ['-map', `[v${i}]`, ...(hasAudio ? ['-map', '0:a:0'] : [])]);
  const rates = rungs.flatMap((rung, i) => [
    `-maxrate:v:${i}`,
    `${rung.maxrateKbps}k`,
    `-bufsize:v:${i}`,
    `${rung.maxrateKbps * 2}k`,
  ]);
  const streamMap = rungs.map((rung, i) =>
    hasAudio ? `v:${i},a:${i},name:${rung.name}` : `v:${i},name:${rung.name}`,
  );
  if (hasAudio) streamMap.push(`a:${rungs.length},name:${audioRenditionName}`);
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    input,
    '-filter_complex',
    `${split}${scales}`,
    ...maps,
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-crf',
    '23',
    ...rates,
    // a key frame every 6 s in every rung, so each segment starts on one and the rungs line up
    '-force_key_frames',
    'expr:gte(t,n_forced*6)',
    '-sc_threshold',
    '0',
    ...(hasAudio
      ? ['-c:a', 'aac', '-b:a', `${rungAudioKbps}k`, `-b:a:${rungs.length}`, `${audioOnlyKbps}k`]
      : []),
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(outputDir, '%v-%05d.ts'),
    '-var_stream_map',
    streamMap.join(' '),
    path.join(outputDir, '%v.m3u8'),
  ];
}

/** A media playlist's segments: each URI with its duration in seconds. */
export function segmentsOf(mediaPlaylist: string): { uri: string; seconds: number }[] {
  const segments: { uri: string; seconds: number }[] = [];
  let seconds: number | null = null;
  for (const raw of mediaPlaylist.split('\n')) {
    const line = raw.trim();
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) seconds = Number(extinf[1]);
    else if (line && !line.startsWith('#') && seconds !== null) {
      segments.push({ uri: line, seconds });
      seconds = null;
    }
  }
  return segments;
}

/** BANDWIDTH (the busiest segment's bits per second) and AVERAGE-BANDWIDTH of a rendition. */
export function bandwidthOf(segments: { seconds: number; bytes: number }[]): {
  peak: number;
  average: number;
} {
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (const segment of segments) {
    // a last segment of a fraction of a second would overstate the peak
    if (segment.seconds >= 1) peak = Math.max(peak, (segment.bytes * 8) / segment.seconds);
    bits += segment.bytes * 8;
    seconds += segment.seconds;
  }
  const average = seconds > 0 ? bits / seconds : 0;
  return { peak: Math.ceil(Math.max(peak, average)), average: Math.ceil(average) };
}

/**
 * The RFC 6381 name of an H.264 stream (`avc1.4d401f`): profile, constraint flags and level from
 * the first sequence parameter set of a raw (Annex B) H.264 stream; null when there is none.
 */
export function avcCodecOf(annexB: Buffer): string | null {
  for (let i = 0; i + 6 < annexB.length; i++) {
    if (
      annexB[i] === 0 &&
      annexB[i + 1] === 0 &&
      annexB[i + 2] === 1 &&
      ((annexB[i + 3] as number) & 0x1f) === 7
    ) {
      const hex = (n: number) => n.toString(16).padStart(2, '0');
      return `avc1.${hex(annexB[i + 4] as number)}${hex(annexB[i + 5] as number)}${hex(annexB[i + 6] as number)}`;
    }
  }
  return null;
}

/** AAC-LC, what ffmpeg's own encoder makes. */
export const aacCodec = 'mp4a.40.2';

export interface Rendition {
  uri: string;
  bandwidth: { peak: number; average: number };
  /** absent for the audio-only rendition */
  resolution?: { width: number; height: number };
  codecs: string[];
}

/**
 * The master playlist: the video renditions from the lightest up (a player starts with the first
 * it is given), the audio-only one last, for the lowest bandwidths.
 */
export function masterPlaylist(renditions: Rendition[]): string {
  const video = renditions.filter((r) => r.resolution).sort((a, b) => a.bandwidth.peak - b.bandwidth.peak);
  const audio = renditions.filter((r) => !r.resolution);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of [...video, ...audio]) {
    const attributes = [
      `BANDWIDTH=${r.bandwidth.peak}`,
      `AVERAGE-BANDWIDTH=${r.bandwidth.average}`,
      ...(r.resolution ? [`RESOLUTION=${r.resolution.width}x${r.resolution.height}`] : []),
      `CODECS="${r.codecs.join(',')}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, r.uri);
  }
  return `${lines.join('\n')}\n`;
}

/** Whether a playlist is a master playlist (lists renditions) rather than a media one (lists segments). */
export const isMasterPlaylist = (playlist: string) => playlist.includes('#EXT-X-STREAM-INF:');

/**
 * The master playlist with Spanish subtitles: an `EXT-X-MEDIA` subtitles group whose playlist is
 * `subtitlesUri`, named by every rendition (decision 0175).
 */
export function withSubtitles(master: string, subtitlesUri: string): string {
  const media = `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Español",DEFAULT=YES,AUTOSELECT=YES,URI="${subtitlesUri}"`;
  const lines = master
    .split('\n')
    .map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? `${line},SUBTITLES="subs"` : line));
  const firstStream = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  lines.splice(firstStream < 0 ? lines.length : firstStream, 0, media);
  return lines.join('\n');
}

/** A subtitles media playlist: the whole class's WebVTT as one segment. */
export function subtitlesPlaylist(vttUri: string, seconds: number): string {
  const length = Math.max(1, seconds);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(length)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${length.toFixed(3)},`,
    vttUri,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}
