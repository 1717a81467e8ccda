// Generates the demo media committed under apps/api/media (run once, then commit the output):
//   node apps/api/scripts/make-media.mjs [videos] [documents] [thumbnails]   (default: all)
// Videos need Debian's ffmpeg on the machine that generates them, thumbnails Debian's `webp` (cwebp);
// nothing needs them at run time. Thumbnails follow apps/api/content/demo-catalog.json, one WebP per
// course id, drawn as SVG and rasterized: a browser paints an SVG <img> with text on its main thread
// (a layout of its own per image), while a WebP is decoded off it (decoding="async").
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    `drawtext=fontfile=${font}:textfile=${path.join(work, `${name}-${key}.txt`)}:fontsize=${size}:fontcolor=${color}:x=${x}:y=${y}`;
  const centered = '(w-text_w)/2';
  const filter = [
    `[0:v][1:v]overlay=x='-w+w*t/${seconds}':y=H-10[bar]`,
    `[bar]${[
      text('title', 38, centered, '(h/2)-60'),
      text('subtitle', 24, centered, '(h/2)+2', '0xF2E8D5'),
      text('clock', 22, 'w-text_w-24', 'h-48'),
      text('brand', 18, '24', '24', '0xF2E8D5'),
    ].join(',')}[v]`,
  ].join(';');
  // A soft tone that steps every second, so seeking is audible as well as visible.
  const audio = `aevalsrc='0.06*sin(2*PI*${tone}*(1+0.125*mod(floor(t),4))*t)':s=44100:d=${seconds}`;
  const input = [
    ['-f', 'lavfi', '-i', `color=c=${color}:s=640x360:r=24:d=${seconds}`],
    ['-f', 'lavfi', '-i', `color=c=0xF2C14E:s=640x10:r=24:d=${seconds}`],
    ['-f', 'lavfi', '-i', audio],
  ].flat();
  const encode = [
    ['-filter_complex', filter, '-map', '[v]', '-map', '2:a'],
    [
      '-c:v',
      'libx264',
      '-profile:v',
      'baseline',
      '-level',
      '3.0',
      '-pix_fmt',
      'yuv420p',
      '-preset',
      'veryslow',
    ],
    ['-crf', '30', '-maxrate', '160k', '-bufsize', '320k', '-g', '48'],
    [
      '-c:a',
      'aac',
      '-b:a',
      '48k',
      '-ac',
      '1',
      '-t',
      String(seconds),
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
    ],
  ].flat();
  const run = (output) =>
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...input, ...encode, ...output], {
      stdio: 'inherit',
    });
  if (hls) {
    const dir = path.join(media, 'videos/hls', name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    run([
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
      'inicio.mp4',
      '-hls_segment_filename',
      path.join(dir, 'segmento-%02d.m4s'),
      path.join(dir, 'index.m3u8'),
    ]);
  } else {
    run(['-movflags', '+faststart', path.join(media, 'videos', `${name}.mp4`)]);
  }
  rmSync(work, { recursive: true, force: true });
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
if (wanted('videos')) for (const video of videos) makeVideo(video);
if (wanted('documents')) {
  await makeDocuments(path.join(media, 'files/materiales'));
}
if (wanted('thumbnails')) makeThumbnails();
process.stdout.write(`Medios generados en ${media}\n`);
