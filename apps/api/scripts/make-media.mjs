// Generates the demo media committed under apps/api/media (run once, then commit the output):
//   node apps/api/scripts/make-media.mjs [videos] [documents] [thumbnails] [{video name}]   (default: all)
// Videos need Debian's ffmpeg on the machine that generates them, thumbnails Debian's `webp` (cwebp);
// nothing needs them at run time. Thumbnails follow apps/api/content/demo-catalog.json, one WebP per
// course id, drawn as SVG and rasterized: a browser paints an SVG <img> with text on its main thread
// (a layout of its own per image), while a WebP is decoded off it (decoding="async").
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDocuments } from './make-media-documents.mjs';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const media = path.join(apiRoot, 'media');
const require = createRequire(import.meta.url);
const only = process.argv.slice(2);
const wanted = (part) => only.length === 0 || only.includes(part);

/* ------------------------------------ videos ------------------------------------ */

const videos = [
  {
    name: 'bienvenida',
    title: 'Bienvenida a Alcancía',
    subtitle: 'Tu academia de finanzas',
    color: '#1E5631',
    seconds: 20,
    tone: 262,
  },
  {
    name: 'clase-ahorro',
    title: 'Clase: ahorro y presupuesto',
    subtitle: 'Ordená tu plata mes a mes',
    color: '#0F5257',
    seconds: 30,
    tone: 294,
  },
  {
    name: 'clase-inversion',
    title: 'Clase: inversión',
    subtitle: 'Primeros pasos para invertir',
    color: '#5B2A86',
    seconds: 30,
    tone: 330,
  },
  {
    name: 'clase-tarjeta',
    title: 'Clase: tarjeta de crédito',
    subtitle: 'Usala a tu favor',
    color: '#7A1F2B',
    seconds: 30,
    tone: 349,
    hls: true,
  },
];

function makeVideo({ name, title, subtitle, color, seconds, tone, hls }) {
  const font = require.resolve('@fontsource/inter/files/inter-latin-600-normal.woff');
  const work = path.join(media, '.work');
  mkdirSync(work, { recursive: true });
  // The HLS stream is drawn at 720p, the source of its ladder (360p, 720p, audio only); MP4s at 360p.
  const k = hls ? 2 : 1;
  // Text goes through files so accents and colons need no filter escaping.
  const texts = {
    title,
    subtitle,
    clock: '%{pts:gmtime:0:%M\\:%S}',
    brand: 'Alcancía · video de demostración',
  };
  for (const [key, value] of Object.entries(texts))
    writeFileSync(path.join(work, `${name}-${key}.txt`), value);
  const text = (key, size, x, y, color = 'white') =>
    `drawtext=fontfile=${font}:textfile=${path.join(work, `${name}-${key}.txt`)}:fontsize=${size * k}:fontcolor=${color}:x=${x}:y=${y}`;
  const centered = '(w-text_w)/2';
  const filter = [
    `[0:v][1:v]overlay=x='-w+w*t/${seconds}':y=H-${10 * k}[bar]`,
    `[bar]${[
      text('title', 38, centered, `(h/2)-${60 * k}`),
      text('subtitle', 24, centered, `(h/2)+${2 * k}`, '0xF2E8D5'),
      text('clock', 22, `w-text_w-${24 * k}`, `h-${48 * k}`),
      text('brand', 18, `${24 * k}`, `${24 * k}`, '0xF2E8D5'),
    ].join(',')}${hls ? ',split=2[s0][s1];[s0]scale=640:360[v0];[s1]null[v1]' : '[v]'}`,
  ].join(';');
  // A soft tone that steps every second, so seeking is audible as well as visible.
  const audio = `aevalsrc='0.06*sin(2*PI*${tone}*(1+0.125*mod(floor(t),4))*t)':s=44100:d=${seconds}`;
  const input = [
    ['-f', 'lavfi', '-i', `color=c=${color}:s=${640 * k}x${360 * k}:r=24:d=${seconds}`],
    ['-f', 'lavfi', '-i', `color=c=0xF2C14E:s=${640 * k}x${10 * k}:r=24:d=${seconds}`],
    ['-f', 'lavfi', '-i', audio],
  ].flat();
  const video = [
    '-c:v',
    'libx264',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    '-preset',
    'veryslow',
    '-crf',
    '30',
    '-g',
    '48',
  ];
  const tail = ['-t', String(seconds), '-map_metadata', '-1', '-fflags', '+bitexact'];
  const run = (args) =>
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...input, '-filter_complex', filter, ...args], {
      stdio: 'inherit',
    });
  if (hls) {
    const dir = path.join(media, 'videos/hls', name);
    mkdirSync(dir, { recursive: true });
    // everything but the shipped captions (subtitulos.vtt) is made again
    for (const file of readdirSync(dir)) if (!file.endsWith('.vtt')) rmSync(path.join(dir, file));
    run([
      ...['-map', '[v0]', '-map', '2:a', '-map', '[v1]', '-map', '2:a', '-map', '2:a'],
      ...video,
      // key frames every 2 s in both rungs, none at scene cuts: the rungs' segments line up
      ...['-sc_threshold', '0'],
      ...['-level:v:0', '3.0', '-maxrate:v:0', '160k', '-bufsize:v:0', '320k'],
      ...['-level:v:1', '3.1', '-maxrate:v:1', '400k', '-bufsize:v:1', '800k'],
      ...['-c:a', 'aac', '-b:a', '48k', '-ac', '1'],
      ...tail,
      '-f',
      'hls',
      '-hls_time',
      '6',
      '-hls_playlist_type',
      'vod',
      // fMP4 segments (.m4s) rather than MPEG-TS: a `.ts` file would be taken for TypeScript by tools.
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      '%v-inicio.mp4',
      '-hls_segment_filename',
      path.join(dir, '%v-%02d.m4s'),
      '-var_stream_map',
      'v:0,a:0,name:360p v:1,a:1,name:720p a:2,name:audio',
      path.join(dir, '%v.m3u8'),
    ]);
    writeMasterPlaylist(dir, seconds);
  } else {
    run([
      ...['-map', '[v]', '-map', '2:a'],
      ...video,
      ...['-level', '3.0', '-maxrate', '160k', '-bufsize', '320k'],
      ...['-c:a', 'aac', '-b:a', '48k', '-ac', '1'],
      ...tail,
      '-movflags',
      '+faststart',
      path.join(media, 'videos', `${name}.mp4`),
    ]);
  }
  rmSync(work, { recursive: true, force: true });
}

/**
 * The demo stream's master playlist (decision 0175), as the API writes an uploaded video's: each
 * rendition's BANDWIDTH measured on its segments, RESOLUTION, CODECS read from its init segment
 * (avcC), and the shipped Spanish captions as a subtitles group.
 */
function writeMasterPlaylist(dir, seconds) {
  const rendition = (name) => {
    const playlist = readFileSync(path.join(dir, `${name}.m3u8`), 'utf8');
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),\n(\S+)/g)].map((m) => ({
      seconds: Number(m[1]),
      bytes: statSync(path.join(dir, m[2])).size,
    }));
    const peak = Math.max(...durations.filter((d) => d.seconds >= 1).map((d) => (d.bytes * 8) / d.seconds));
    const bits = durations.reduce((sum, d) => sum + d.bytes * 8, 0);
    const average = bits / durations.reduce((sum, d) => sum + d.seconds, 0);
    const init = readFileSync(path.join(dir, `${name}-inicio.mp4`));
    const avcC = init.indexOf('avcC');
    const hex = (n) => n.toString(16).padStart(2, '0');
    const video = avcC < 0 ? null : `avc1.${hex(init[avcC + 5])}${hex(init[avcC + 6])}${hex(init[avcC + 7])}`;
    return {
      bandwidth: `BANDWIDTH=${Math.ceil(Math.max(peak, average))},AVERAGE-BANDWIDTH=${Math.ceil(average)}`,
      codecs: `CODECS="${[video, 'mp4a.40.2'].filter(Boolean).join(',')}"`,
    };
  };
  const line = (name, resolution) => {
    const { bandwidth, codecs } = rendition(name);
    const size = resolution ? `,RESOLUTION=${resolution}` : '';
    return `#EXT-X-STREAM-INF:${bandwidth}${size},${codecs},SUBTITLES="subs"\n${name}.m3u8`;
  };
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Español",DEFAULT=YES,AUTOSELECT=YES,URI="subtitulos.m3u8"',
    line('360p', '640x360'),
    line('720p', '1280x720'),
    line('audio', null),
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'index.m3u8'), master);
  const subtitles = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${seconds}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${seconds.toFixed(3)},`,
    'subtitulos.vtt',
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'subtitulos.m3u8'), subtitles);
}

/* ----------------------------------- thumbnails ----------------------------------- */

const escapeXml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function wrap(text, perLine) {
  const lines = [''];
  for (const word of text.split(/\s+/)) {
    const current = lines[lines.length - 1];
    if (current && `${current} ${word}`.length > perLine) lines.push(word);
    else lines[lines.length - 1] = current ? `${current} ${word}` : word;
  }
  return lines;
}

const kindLabels = { PROGRAM: 'PROGRAMA', PACK: 'PACK', EVENT: 'EVENTO' };

function thumbnail(course, category) {
  // Events have no category: they get a teal of their own.
  const color = category?.color ?? '#0F5257';
  const background = category?.backgroundColor ?? '#E0F2F1';
  const label = kindLabels[course.kind] ?? category?.label?.toUpperCase() ?? 'CURSO';
  const lines = wrap(course.name, 22).slice(0, 3);
  const size = lines.length > 2 ? 40 : 46;
  const top = 200 - ((lines.length - 1) * size * 1.15) / 2;
  const text = lines
    .map((line, i) => `<tspan x="48" y="${Math.round(top + i * size * 1.15)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" role="img" aria-label="${escapeXml(course.name)}">
<rect width="640" height="360" fill="${background}"/>
<circle cx="560" cy="60" r="150" fill="${color}" opacity="0.12"/>
<circle cx="610" cy="320" r="90" fill="${color}" opacity="0.18"/>
<rect x="48" y="44" width="${label.length * 13 + 30}" height="32" rx="16" fill="${color}"/>
<text x="62" y="66" font-family="Helvetica, Arial, sans-serif" font-size="15" font-weight="700" letter-spacing="1.5" fill="#FFFFFF">${escapeXml(label)}</text>
<text font-family="Georgia, 'Times New Roman', serif" font-size="${size}" font-weight="700" fill="${color}">${text}</text>
<text x="48" y="322" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="${color}" opacity="0.85">Alcancía · Academia</text>
</svg>
`;
}

function makeThumbnails() {
  const { Resvg } = require('@resvg/resvg-js');
  const catalog = JSON.parse(readFileSync(path.join(apiRoot, 'content/demo-catalog.json'), 'utf8'));
  const categories = new Map(catalog.categories.map((c) => [c.code, c]));
  const dir = path.join(media, 'thumbnails');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const course of catalog.courses) {
    const svg = thumbnail(course, categories.get(course.category));
    const png = new Resvg(svg, {
      font: { loadSystemFonts: true, defaultFontFamily: 'Liberation Sans', serifFamily: 'Liberation Serif' },
    })
      .render()
      .asPng();
    const pngFile = path.join(dir, `${course.id}.png`);
    writeFileSync(pngFile, png);
    execFileSync('cwebp', ['-quiet', '-q', '80', pngFile, '-o', path.join(dir, `${course.id}.webp`)]);
    rmSync(pngFile);
  }
}

/* -------------------------------------- main -------------------------------------- */

mkdirSync(path.join(media, 'videos/hls'), { recursive: true });
mkdirSync(path.join(media, 'files/materiales'), { recursive: true });
// `node make-media.mjs clase-tarjeta` makes that one video again
const named = videos.filter((video) => only.includes(video.name));
if (named.length > 0) for (const video of named) makeVideo(video);
else if (wanted('videos')) for (const video of videos) makeVideo(video);
if (wanted('documents')) {
  await makeDocuments(path.join(media, 'files/materiales'));
}
if (wanted('thumbnails')) makeThumbnails();
process.stdout.write(`Medios generados en ${media}\n`);
