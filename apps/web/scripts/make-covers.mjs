// The demo catalogue's illustrated covers (decision 71). Run once, then commit the output:
//   node apps/web/scripts/make-covers.mjs
// Each cover is a flat illustration drawn here by hand as SVG (shapes only: no text, no category),
// written to apps/web/public/covers/{id}.svg, then rasterized with resvg and Debian's ffmpeg
// (libwebp) to WebP at 320, 640 and 960 px wide, named by content hash so they are cached for a
// year: {id}-{width}.{hash}.webp. apps/api/content/demo-catalog.json gets each item's `cover`.
// `--preview sheet.png` draws every cover on one sheet instead, to look at them.
// A browser paints an SVG <img> on its main thread; a WebP is decoded off it (decision 38).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = path.join(root, 'apps/web/public/covers');
const catalogFile = path.join(root, 'apps/api/content/demo-catalog.json');
const require = createRequire(path.join(root, 'apps/api/package.json'));
const widths = [320, 640, 960];

/* ------------------------------------ palette ------------------------------------ */

const c = {
  purple: '#5b2a86',
  deep: '#431f63',
  rose: '#b0174f',
  warm: '#fff3ea',
  lilac: '#e9dcf5',
  lavender: '#c9b1e4',
  pink: '#f7c6d4',
  blush: '#fbe3ea',
  gold: '#f2b33d',
  amber: '#d48f1a',
  teal: '#1f8a70',
  mint: '#cdeee1',
  leaf: '#2e9e6b',
  sky: '#dcecf8',
  peach: '#ffd9bf',
  coral: '#ef7b5a',
  white: '#ffffff',
  ink: '#2b1a3a',
};
const skins = ['#8d5524', '#c68642', '#e0ac69', '#f1c27d', '#5c3a21'];
const hairs = ['#2b1a12', '#4a2c1a', '#1c1c1c', '#7a3e1d'];

/* ------------------------------------ motifs ------------------------------------- */
// Each motif draws around its own origin; `at` places and scales it.

const at = (x, y, s, body, rotate = 0) =>
  `<g transform="translate(${x} ${y})${rotate ? ` rotate(${rotate})` : ''}${s === 1 ? '' : ` scale(${s})`}">${body}</g>`;

/** A woman standing, origin at her feet. arm: 'down' | 'up' | 'out' (right arm). */
function woman({ skin = skins[1], hair = hairs[0], top = c.rose, legs = c.deep, arm = 'down', long = true }) {
  const right = { down: 'M22-126l12 50', up: 'M22-126l18-46', out: 'M22-126l34 14' }[arm];
  const figure = [
    long ? `<path d="M-21-156a21 21 0 0 1 42 0v42h-42z" fill="${hair}"/>` : '',
    `<path d="M-28-4h16v6h-18zM12-4h16l2 6h-18z" fill="${c.ink}"/>`,
    `<path d="M-13-62h10v62h-12zM3-62h10l2 62h-12z" fill="${legs}"/>`,
    `<path d="M-22-126l-12 50M${right.slice(1)}" stroke="${skin}" stroke-width="9" stroke-linecap="round" fill="none"/>`,
    `<rect x="-5" y="-142" width="10" height="12" fill="${skin}"/>`,
    `<path d="M-16-134h32q10 0 10 12l8 64h-68l8-64q0-12 10-12z" fill="${top}"/>`,
    `<circle cy="-156" r="17" fill="${skin}"/>`,
    `<path d="M-18-158a18 18 0 0 1 36 0q-12-9-26-6q-6 2-10 6z" fill="${hair}"/>`,
    long ? '' : `<circle cx="14" cy="-172" r="9" fill="${hair}"/>`,
  ].join('');
  return `<g transform="scale(1.15)">${figure}</g>`;
}

const coin = (r = 18) =>
  `<circle r="${r}" fill="${c.gold}"/><circle r="${Math.round(r * 0.7)}" fill="none" stroke="${c.amber}" stroke-width="3"/><rect x="-2" y="${-Math.round(r * 0.4)}" width="4" height="${Math.round(r * 0.8)}" rx="2" fill="${c.amber}"/>`;

function coinStack(n, w = 48) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const y = -i * 10;
    out += `<path d="M${-w / 2} ${y}a${w / 2} 6 0 0 0 ${w} 0v-9h-${w}z" fill="${c.amber}"/><ellipse cy="${y - 9}" rx="${w / 2}" ry="6" fill="${c.gold}"/>`;
  }
  return out;
}

const piggy = (body = c.pink) =>
  [
    `<path d="M-58 30l-4 26h16l4-22zM30 30l4 26h16l-4-26z" fill="${c.rose}" opacity=".55"/>`,
    `<ellipse rx="74" ry="54" fill="${body}"/>`,
    `<path d="M-30-44l-6-26 26 14z" fill="${body}"/>`,
    `<ellipse cx="70" cy="6" rx="16" ry="20" fill="${c.rose}" opacity=".35"/>`,
    `<circle cx="68" cy="0" r="3" fill="${c.deep}"/><circle cx="74" cy="12" r="3" fill="${c.deep}"/>`,
    `<circle cx="38" cy="-16" r="5" fill="${c.deep}"/>`,
    `<rect x="-16" y="-50" width="34" height="7" rx="3.5" fill="${c.deep}"/>`,
    `<path d="M-74 0q-20-6-16-20" stroke="${body}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  ].join('');

/** A potted plant, origin at the pot's base; `h` is the stem's height. */
const plant = (h = 90, pot = c.coral) =>
  [
    `<path d="M0-40v${-h}" stroke="${c.leaf}" stroke-width="5" stroke-linecap="round"/>`,
    `<path d="M0-${40 + h * 0.45}q-34-6-40-32q30-2 40 32zM0-${40 + h * 0.7}q32-6 38-32q-28-2-38 32zM0-${40 + h}q-14-22 0-40q14 18 0 40z" fill="${c.leaf}"/>`,
    `<path d="M-30-44h60l-8 44h-44z" fill="${pot}"/><rect x="-34" y="-50" width="68" height="12" rx="4" fill="${pot}"/>`,
  ].join('');

function bars(heights, colors, w = 30, gap = 14) {
  return heights
    .map(
      (h, i) =>
        `<rect x="${i * (w + gap)}" y="${-h}" width="${w}" height="${h}" rx="5" fill="${colors[i % colors.length]}"/>`,
    )
    .join('');
}

const arrowUp = (points, color = c.rose) => {
  const [x1, y1] = points.at(-2);
  const [x2, y2] = points.at(-1);
  const angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
  return `<polyline points="${points.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${color}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>${at(x2, y2, 1, `<path d="M6 0l-20-12v24z" fill="${color}"/>`, Math.round(angle))}`;
};

function calendar(highlight = c.gold) {
  let cells = '';
  for (let r = 0; r < 3; r++)
    for (let k = 0; k < 4; k++)
      cells += `<rect x="${14 + k * 26}" y="${40 + r * 22}" width="18" height="14" rx="3" fill="${r === 1 && k === 2 ? highlight : c.lilac}"/>`;
  return `<rect width="130" height="120" rx="12" fill="${c.white}"/><path d="M0 12a12 12 0 0 1 12-12h106a12 12 0 0 1 12 12v16h-130z" fill="${c.rose}"/><rect x="30" y="-8" width="8" height="20" rx="4" fill="${c.deep}"/><rect x="92" y="-8" width="8" height="20" rx="4" fill="${c.deep}"/>${cells}`;
}

const house = (wall = c.white, roof = c.purple) =>
  `<rect x="-60" y="-90" width="120" height="90" fill="${wall}"/><path d="M-78-84l78-64l78 64z" fill="${roof}"/><rect x="34" y="-150" width="16" height="36" fill="${roof}"/><rect x="-16" y="-52" width="32" height="52" rx="3" fill="${c.rose}"/><rect x="-48" y="-70" width="24" height="22" rx="3" fill="${c.sky}"/><rect x="24" y="-70" width="24" height="22" rx="3" fill="${c.sky}"/>`;

const card = (color = c.purple, stripe = c.deep) =>
  `<rect width="150" height="94" rx="12" fill="${color}"/><rect y="18" width="150" height="16" fill="${stripe}"/><rect x="16" y="48" width="28" height="20" rx="4" fill="${c.gold}"/><circle cx="118" cy="72" r="10" fill="${c.rose}" opacity=".9"/><circle cx="132" cy="72" r="10" fill="${c.gold}" opacity=".9"/>`;

function shop(awning = c.rose) {
  let stripes = '';
  for (let i = 0; i < 6; i++)
    stripes += `<path d="M${-90 + i * 30}-120h30v26a15 15 0 0 1-30 0z" fill="${i % 2 ? c.white : awning}"/>`;
  return `<rect x="-80" y="-100" width="160" height="100" fill="${c.warm}"/><rect x="-64" y="-78" width="56" height="46" rx="4" fill="${c.sky}"/><rect x="12" y="-78" width="48" height="78" rx="4" fill="${c.purple}"/><circle cx="22" cy="-38" r="3" fill="${c.gold}"/><rect x="-96" y="-130" width="192" height="12" rx="4" fill="${c.deep}"/>${stripes}`;
}

const phone = (screen = c.white) =>
  `<rect x="-40" y="-78" width="80" height="156" rx="14" fill="${c.deep}"/><rect x="-32" y="-64" width="64" height="124" rx="6" fill="${screen}"/><circle cy="-6" r="20" fill="${c.teal}"/><path d="M-9-6l6 7l12-13" stroke="${c.white}" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/><rect x="-20" y="26" width="40" height="8" rx="4" fill="${c.lilac}"/>`;

const waves = (color = c.purple) =>
  `<path d="M0-14a20 20 0 0 1 0 28M12-26a36 36 0 0 1 0 52M24-38a52 52 0 0 1 0 76" stroke="${color}" stroke-width="6" fill="none" stroke-linecap="round"/>`;

const umbrella = (color = c.purple) =>
  `<path d="M-90 0a90 78 0 0 1 180 0q-15-14-30 0q-15-14-30 0q-15-14-30 0q-15-14-30 0q-15-14-30 0q-15-14-30 0z" fill="${color}"/><path d="M0-78v6M0 0v70q0 14-14 14q-12 0-12-12" stroke="${c.deep}" stroke-width="6" fill="none" stroke-linecap="round"/>`;

const heart = (color = c.rose) =>
  `<path d="M0 22l-28-26a16 16 0 0 1 28-20a16 16 0 0 1 28 20z" fill="${color}"/>`;

const clipboard = () => {
  let lines = '';
  for (let i = 0; i < 4; i++) {
    const y = 40 + i * 28;
    lines += `<rect x="20" y="${y - 6}" width="16" height="16" rx="4" fill="${i < 3 ? c.teal : c.lilac}"/>${i < 3 ? `<path d="M23 ${y + 2}l4 4l7-8" stroke="${c.white}" stroke-width="3" fill="none"/>` : ''}<rect x="46" y="${y - 2}" width="${[62, 50, 70, 40][i]}" height="8" rx="4" fill="${c.lavender}"/>`;
  }
  return `<rect width="140" height="168" rx="12" fill="${c.white}"/><rect x="44" y="-10" width="52" height="22" rx="8" fill="${c.purple}"/>${lines}`;
};

const mountains = (color = c.purple) =>
  `<path d="M-150 0l90-110l50 56l40-90l110 144z" fill="${color}"/><path d="M30-144l22 28l-14-6l-8 14l-8-12l-14 4z" fill="${c.white}" opacity=".9"/><path d="M30-144v-46" stroke="${c.deep}" stroke-width="4"/><path d="M30-190h34l-8 10l8 10h-34z" fill="${c.rose}"/>`;

const chainLink = (color) =>
  `<rect x="-34" y="-16" width="68" height="32" rx="16" fill="none" stroke="${color}" stroke-width="10"/>`;

const globe = (r = 60) =>
  `<circle r="${r}" fill="${c.sky}"/><path d="M-${r * 0.6}-${r * 0.5}q${r * 0.3}-${r * 0.2} ${r * 0.5} 0t${r * 0.2} ${r * 0.4}q-${r * 0.3} ${r * 0.3}-${r * 0.6} ${r * 0.1}zM${r * 0.1} ${r * 0.1}q${r * 0.4}-${r * 0.2} ${r * 0.7} ${r * 0.1}q-${r * 0.1} ${r * 0.5}-${r * 0.5} ${r * 0.6}q-${r * 0.2}-${r * 0.3}-${r * 0.2}-${r * 0.7}z" fill="${c.leaf}"/><ellipse rx="${r * 0.45}" ry="${r}" fill="none" stroke="${c.white}" stroke-width="3" opacity=".8"/><path d="M-${r} 0h${r * 2}" stroke="${c.white}" stroke-width="3" opacity=".8"/>`;

const bill = (color = '#7cc7a0') =>
  `<rect width="130" height="66" rx="8" fill="${color}"/><rect x="8" y="8" width="114" height="50" rx="5" fill="none" stroke="${c.white}" stroke-width="3" opacity=".7"/><circle cx="65" cy="33" r="15" fill="${c.white}" opacity=".75"/><circle cx="26" cy="33" r="6" fill="${c.white}" opacity=".5"/><circle cx="104" cy="33" r="6" fill="${c.white}" opacity=".5"/>`;

const stairs = (color = c.purple, n = 4, w = 56, h = 36) => {
  let d = `M0 0`;
  for (let i = 0; i < n; i++) d += `v-${h}h${w}`;
  return `<path d="${d}v${n * h}z" fill="${color}"/>`;
};

const lightbulb = () =>
  `<circle cy="-40" r="40" fill="${c.gold}"/><path d="M-22-10h44l-6 26h-32z" fill="${c.gold}"/><rect x="-18" y="18" width="36" height="10" rx="4" fill="${c.deep}"/><rect x="-14" y="30" width="28" height="10" rx="4" fill="${c.deep}"/><path d="M-12-44l12 14l12-14" stroke="${c.amber}" stroke-width="4" fill="none"/>`;

const microphone = () =>
  `<rect x="-22" y="-90" width="44" height="74" rx="22" fill="${c.deep}"/><path d="M-14-70h28M-14-56h28M-14-42h28" stroke="${c.lavender}" stroke-width="4"/><path d="M-36-44q0 46 36 46q36 0 36-46" stroke="${c.purple}" stroke-width="7" fill="none" stroke-linecap="round"/><path d="M0 2v34M-26 38h52" stroke="${c.purple}" stroke-width="7" stroke-linecap="round"/>`;

const bubble = (w, h, color, tail = 'left') =>
  `<rect width="${w}" height="${h}" rx="${h / 2.4}" fill="${color}"/><path d="${tail === 'left' ? `M22 ${h - 2}l-10 18l28-18z` : `M${w - 22} ${h - 2}l10 18l-28-18z`}" fill="${color}"/>`;

const newspaper = () =>
  `<rect width="170" height="120" rx="8" fill="${c.white}"/><rect x="14" y="14" width="142" height="16" rx="4" fill="${c.purple}"/><rect x="14" y="42" width="60" height="62" rx="4" fill="${c.pink}"/><rect x="86" y="44" width="70" height="8" rx="4" fill="${c.lavender}"/><rect x="86" y="62" width="58" height="8" rx="4" fill="${c.lavender}"/><rect x="86" y="80" width="70" height="8" rx="4" fill="${c.lavender}"/><rect x="86" y="96" width="40" height="8" rx="4" fill="${c.lavender}"/>`;

const clock = (face = c.white) =>
  `<circle r="46" fill="${c.purple}"/><circle r="38" fill="${face}"/><path d="M0-26v26l18 12" stroke="${c.deep}" stroke-width="6" fill="none" stroke-linecap="round"/><circle r="5" fill="${c.rose}"/>`;

const gift = (box = c.purple, ribbon = c.gold) =>
  `<rect x="-70" y="-90" width="140" height="90" rx="6" fill="${box}"/><rect x="-80" y="-116" width="160" height="30" rx="6" fill="${c.deep}"/><rect x="-11" y="-116" width="22" height="116" fill="${ribbon}"/><path d="M0-116q-46-44-52-8q-2 12 52 8zM0-116q46-44 52-8q2 12-52 8z" fill="${ribbon}"/>`;

const tag = (color = c.rose) =>
  `<path d="M0 0h92l34 34l-34 34h-92z" fill="${color}"/><circle cx="100" cy="34" r="7" fill="${c.warm}"/><rect x="18" y="22" width="52" height="8" rx="4" fill="${c.white}" opacity=".8"/><rect x="18" y="40" width="36" height="8" rx="4" fill="${c.white}" opacity=".6"/>`;

const sun = (r = 36) => {
  let rays = '';
  for (let i = 0; i < 12; i++)
    rays += `<rect x="-3" y="${-r - 22}" width="6" height="14" rx="3" fill="${c.gold}" transform="rotate(${i * 30})"/>`;
  return `${rays}<circle r="${r}" fill="${c.gold}"/>`;
};

const balloon = (color = c.rose) =>
  `<ellipse rx="40" ry="48" fill="${color}"/><path d="M-6 46h12l-6 8z" fill="${color}"/><path d="M0 54q-12 30 4 60" stroke="${c.deep}" stroke-width="3" fill="none"/><ellipse cx="-14" cy="-18" rx="8" ry="14" fill="${c.white}" opacity=".35"/>`;

const bird = (color = c.deep) =>
  `<path d="M-18 0q9-12 18 0q9-12 18 0q-9-5-18 2q-9-7-18-2z" fill="${color}"/>`;

const sparkle = (color = c.gold, s = 1) =>
  at(0, 0, s, `<path d="M0-12q2 10 12 12q-10 2-12 12q-2-10-12-12q10-2 12-12z" fill="${color}"/>`);

const scissors = () =>
  `<circle cx="-22" cy="34" r="14" fill="none" stroke="${c.rose}" stroke-width="7"/><circle cx="22" cy="34" r="14" fill="none" stroke="${c.rose}" stroke-width="7"/><path d="M-14 22l40-70M14 22l-40-70" stroke="${c.deep}" stroke-width="8" stroke-linecap="round"/>`;

const laptop = () =>
  `<rect x="-76" y="-96" width="152" height="96" rx="8" fill="${c.deep}"/><rect x="-66" y="-86" width="132" height="76" rx="4" fill="${c.white}"/><path d="M-96 0h192l-12 12h-168z" fill="${c.purple}"/>`;

const paper = () =>
  `<rect x="-34" y="-84" width="68" height="84" rx="6" fill="${c.white}"/><path d="M-20-66h40M-20-52h40M-20-38h28" stroke="${c.lavender}" stroke-width="6" stroke-linecap="round"/><path d="M-18-18q8-10 14 0t16-4" stroke="${c.purple}" stroke-width="3" fill="none"/>`;

const dots = (list, color, r = 5) =>
  list.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`).join('');

/* ---------------------------------- compositions ---------------------------------- */

const scene = (bg, blob, parts) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360"><rect width="640" height="360" fill="${bg}"/>${blob}${parts.join('')}</svg>\n`;

const ground = (color, y = 318) => `<ellipse cx="320" cy="${y + 40}" rx="420" ry="70" fill="${color}"/>`;
const blob = (x, y, r, color) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;

const covers = {
  'primeros-pasos-finanzas': () =>
    scene(c.warm, blob(470, 150, 150, c.peach) + ground(c.pink), [
      at(160, 330, 1, stairs(c.purple, 3, 60, 34)),
      at(250, 228, 0.95, woman({ skin: skins[2], hair: hairs[1], top: c.rose, arm: 'up' })),
      at(430, 320, 1, coinStack(3)),
      at(500, 320, 1, coinStack(5)),
      at(470, 130, 1, coin(22)),
      at(560, 90, 1, sparkle(c.rose)),
      at(110, 110, 1.2, sparkle(c.gold)),
    ]),
  'presupuesto-mensual': () =>
    scene(c.lilac, blob(150, 120, 130, c.white) + ground(c.lavender), [
      at(90, 110, 1, clipboard()),
      at(330, 320, 1, woman({ skin: skins[0], hair: hairs[2], top: c.purple, legs: c.rose, arm: 'out' })),
      at(440, 150, 1, clock()),
      at(520, 320, 1, coinStack(4)),
      at(560, 70, 1, sparkle(c.rose)),
    ]),
  'fondo-de-emergencia': () =>
    scene(c.sky, blob(320, 140, 150, c.white) + ground(c.mint), [
      at(320, 180, 1.15, umbrella(c.purple)),
      at(320, 300, 0.8, piggy()),
      dots(
        [
          [150, 60],
          [190, 110],
          [130, 160],
          [500, 70],
          [460, 120],
          [530, 160],
        ],
        c.lavender,
        6,
      ),
      at(120, 300, 1, coinStack(2)),
      at(520, 310, 1, coinStack(3)),
    ]),
  'finanzas-en-pareja': () =>
    scene(c.blush, blob(320, 130, 120, c.white) + ground(c.pink), [
      at(240, 320, 1, woman({ skin: skins[3], hair: hairs[3], top: c.teal, arm: 'out' })),
      at(400, 320, 1, woman({ skin: skins[0], hair: hairs[0], top: c.purple, legs: c.rose, long: false })),
      at(320, 100, 1.4, heart()),
      at(320, 250, 1, coin(20)),
      at(130, 90, 1, sparkle(c.gold)),
      at(520, 110, 1, sparkle(c.rose)),
    ]),
  'planificacion-largo-plazo': () =>
    scene(c.warm, blob(520, 90, 60, c.gold) + ground(c.peach, 300), [
      at(330, 300, 1.1, mountains()),
      at(150, 110, 0.8, calendar()),
      at(540, 320, 0.9, woman({ skin: skins[2], hair: hairs[1], top: c.rose, arm: 'up' })),
      at(470, 60, 1, bird()),
    ]),
  'inversiones-desde-cero': () =>
    scene(c.lilac, blob(160, 170, 120, c.white) + ground(c.lavender), [
      at(160, 320, 1, plant(110)),
      at(130, 160, 0.7, coin(20)),
      at(330, 320, 1, bars([60, 100, 150], [c.purple, c.rose, c.teal], 40, 18)),
      arrowUp([
        [310, 200],
        [380, 160],
        [420, 180],
        [480, 100],
      ]),
      at(540, 320, 0.95, woman({ skin: skins[1], hair: hairs[0], top: c.teal, arm: 'up' })),
    ]),
  'plazo-fijo-y-fci': () =>
    scene(c.mint, blob(470, 160, 130, c.white) + ground('#a8dcc8'), [
      at(80, 90, 0.8, calendar(c.teal)),
      at(270, 320, 1, coinStack(3)),
      at(330, 320, 1, coinStack(5)),
      at(390, 320, 1, coinStack(7)),
      at(470, 150, 1.1, clock()),
      at(560, 320, 0.9, plant(60, c.purple)),
    ]),
  'bonos-y-obligaciones': () =>
    scene(c.warm, blob(330, 170, 140, c.lilac) + ground(c.peach), [
      at(200, 140, 1, bill('#9ad1b5'), -8),
      at(250, 170, 1, bill('#7cc7a0'), 4),
      at(470, 320, 1, woman({ skin: skins[4], hair: hairs[2], top: c.purple, legs: c.rose, arm: 'out' })),
      at(400, 100, 1, coin(22)),
      at(120, 300, 1, coinStack(3)),
      at(560, 80, 1, sparkle(c.rose)),
    ]),
  'dolar-y-ahorro': () =>
    scene(c.sky, blob(160, 140, 110, c.white) + ground(c.lavender), [
      at(170, 160, 1, balloon(c.rose)),
      at(360, 270, 0.85, piggy()),
      at(360, 170, 1, coin(18)),
      at(440, 150, 1, bill(), 12),
      at(90, 80, 1, sparkle(c.gold)),
    ]),
  'cedears-y-acciones': () =>
    scene(c.lilac, blob(210, 160, 110, c.white) + ground(c.lavender), [
      at(210, 160, 1.2, globe()),
      at(390, 300, 1, bars([50, 90, 70, 130], [c.purple, c.teal, c.rose, c.gold], 30, 12)),
      arrowUp([
        [380, 200],
        [430, 170],
        [470, 190],
        [560, 110],
      ]),
      at(100, 300, 1, coinStack(3)),
    ]),
  'salir-de-deudas': () =>
    scene(c.blush, blob(470, 130, 120, c.white) + ground(c.pink), [
      at(200, 330, 1, stairs(c.purple, 4, 52, 30)),
      at(390, 212, 0.9, woman({ skin: skins[3], hair: hairs[0], top: c.teal, arm: 'up' })),
      at(110, 150, 1, chainLink(c.lavender), -20),
      at(170, 128, 1, chainLink(c.rose), 20),
      at(520, 110, 1.2, sparkle(c.gold)),
      at(560, 300, 1, coinStack(2)),
    ]),
  'tarjeta-de-credito': () =>
    scene(c.warm, blob(300, 170, 140, c.lilac) + ground(c.peach), [
      at(200, 110, 1.1, card(c.purple, c.deep), -10),
      at(250, 160, 1.1, card(c.rose, '#8c1240'), 6),
      at(500, 320, 1, woman({ skin: skins[1], hair: hairs[3], top: c.purple, legs: c.deep, arm: 'out' })),
      at(110, 300, 1, coinStack(2)),
      at(90, 80, 1, sparkle(c.gold)),
    ]),
  'renegociar-deudas': () =>
    scene(c.lilac, blob(320, 150, 120, c.blush) + ground(c.lavender), [
      at(190, 320, 1, woman({ skin: skins[0], hair: hairs[2], top: c.rose, arm: 'out' })),
      at(450, 320, 1, woman({ skin: skins[3], hair: hairs[1], top: c.teal, legs: c.purple, long: false })),
      at(230, 50, 1, bubble(110, 44, c.white, 'left')),
      at(320, 100, 1, bubble(110, 44, c.purple, 'right')),
      at(320, 300, 1, paper()),
      at(350, 300, 0.8, coin(20)),
    ]),
  'credito-hipotecario': () =>
    scene(c.sky, blob(320, 150, 140, c.white) + ground(c.mint), [
      at(300, 320, 1.1, house(c.warm, c.purple)),
      at(480, 320, 0.9, woman({ skin: skins[2], hair: hairs[0], top: c.rose, arm: 'up' })),
      at(120, 300, 0.9, plant(70, c.rose)),
      at(490, 90, 1, coin(20)),
      at(560, 60, 1, sparkle(c.gold)),
    ]),
  'emprender-con-numeros': () =>
    scene(c.peach, blob(320, 140, 140, c.warm) + ground('#ffc49e'), [
      at(240, 320, 1.05, shop()),
      at(450, 320, 1, woman({ skin: skins[4], hair: hairs[0], top: c.purple, legs: c.rose, arm: 'out' })),
      at(540, 150, 1, coin(20)),
      at(120, 100, 1, sparkle(c.rose)),
    ]),
  'precios-y-costos': () =>
    scene(c.warm, blob(300, 160, 130, c.pink) + ground(c.peach), [
      at(170, 120, 1.1, tag(c.rose), -12),
      at(300, 200, 1, tag(c.purple), 8),
      at(520, 320, 1, woman({ skin: skins[2], hair: hairs[3], top: c.teal, arm: 'out' })),
      at(120, 300, 1, coinStack(3)),
      at(420, 120, 1, sparkle(c.gold)),
    ]),
  'cobros-digitales': () =>
    scene(c.lilac, blob(260, 170, 120, c.white) + ground(c.lavender), [
      at(260, 190, 1, phone()),
      at(330, 170, 1, waves()),
      at(470, 320, 1, woman({ skin: skins[1], hair: hairs[2], top: c.rose, arm: 'out' })),
      at(120, 120, 0.8, card(c.teal, '#17684f'), -8),
      at(560, 90, 1, sparkle(c.gold)),
    ]),
  'escalar-tu-negocio': () =>
    scene(c.mint, blob(420, 150, 140, c.white) + ground('#a8dcc8'), [
      at(140, 320, 0.8, shop(c.purple)),
      at(300, 320, 1, bars([70, 110, 160, 210], [c.lavender, c.purple, c.rose, c.teal], 36, 14)),
      arrowUp([
        [280, 220],
        [360, 180],
        [420, 120],
        [500, 70],
      ]),
      at(560, 320, 0.9, plant(90)),
    ]),
  'programa-inversora-inteligente': () =>
    scene(c.deep, blob(470, 160, 150, c.purple) + ground('#5b2a86'), [
      at(240, 130, 1, laptop()),
      at(240, 120, 0.6, bars([40, 70, 100], [c.teal, c.gold, c.rose], 30, 12)),
      at(450, 320, 1, woman({ skin: skins[1], hair: hairs[0], top: c.rose, legs: c.lavender, arm: 'up' })),
      at(560, 130, 1, coin(20)),
      at(100, 300, 1, coinStack(4)),
      at(90, 70, 1, sparkle(c.gold)),
    ]),
  'programa-chau-deudas': () =>
    scene(c.rose, blob(330, 170, 150, '#c9306a') + ground('#8c1240'), [
      at(200, 140, 1.1, chainLink(c.pink), -25),
      at(290, 110, 1.1, chainLink(c.white), 25),
      at(250, 200, 1.1, scissors(), 90),
      at(470, 320, 1, woman({ skin: skins[3], hair: hairs[1], top: c.gold, legs: c.deep, arm: 'up' })),
      at(560, 80, 1.2, sparkle(c.gold)),
      at(110, 80, 1, sparkle(c.white)),
    ]),
  'programa-emprendedora-rentable': () =>
    scene(c.purple, blob(180, 160, 150, '#6d3a99') + ground(c.deep), [
      at(190, 320, 1, shop(c.gold)),
      at(380, 320, 1, bars([60, 110, 170], [c.gold, c.pink, c.teal], 34, 14)),
      arrowUp(
        [
          [370, 200],
          [440, 150],
          [520, 80],
        ],
        c.gold,
      ),
      at(560, 320, 0.9, woman({ skin: skins[0], hair: hairs[2], top: c.rose, arm: 'up' })),
    ]),
  'programa-orden-total': () =>
    scene(c.teal, blob(200, 170, 140, '#2a9a7f') + ground('#17684f'), [
      at(90, 80, 1, clipboard()),
      at(300, 110, 0.9, calendar(c.rose)),
      at(470, 320, 1, woman({ skin: skins[2], hair: hairs[0], top: c.purple, legs: c.warm, arm: 'out' })),
      at(570, 320, 1, coinStack(4)),
    ]),
  'programa-libertad-financiera': () =>
    scene(c.purple, blob(480, 110, 60, c.gold) + ground(c.deep, 300), [
      at(480, 110, 1, sun(40)),
      at(250, 300, 1, mountains(c.lavender)),
      at(170, 90, 1, bird(c.white)),
      at(230, 60, 0.8, bird(c.white)),
      at(420, 320, 0.95, woman({ skin: skins[4], hair: hairs[0], top: c.rose, legs: c.lavender, arm: 'up' })),
      at(560, 320, 1, coinStack(3)),
    ]),
  'pack-inversion-completa': () =>
    scene(c.lilac, blob(320, 170, 150, c.white) + ground(c.lavender), [
      at(320, 320, 1.1, gift(c.purple, c.gold)),
      at(240, 90, 1, coin(22)),
      at(320, 60, 1, coin(18)),
      at(400, 90, 1, coin(22)),
      at(130, 300, 1, plant(70)),
      at(520, 320, 1, bars([50, 80, 120], [c.teal, c.rose, c.purple], 24, 10)),
    ]),
  'pack-orden-y-deudas': () =>
    scene(c.blush, blob(320, 170, 150, c.white) + ground(c.pink), [
      at(320, 320, 1.1, gift(c.rose, c.purple)),
      at(120, 100, 0.7, clipboard()),
      at(500, 100, 0.8, card(c.purple, c.deep), 10),
      at(560, 320, 1, coinStack(3)),
    ]),
  'evento-noticiero-financiero': () =>
    scene(c.warm, blob(200, 160, 130, c.lilac) + ground(c.peach), [
      at(110, 100, 1, newspaper()),
      at(460, 320, 1, woman({ skin: skins[1], hair: hairs[0], top: c.purple, legs: c.rose, arm: 'out' })),
      at(550, 110, 1, microphone()),
      at(330, 280, 1, coinStack(2)),
    ]),
  'evento-tendencias-inversiones': () =>
    scene(c.deep, blob(330, 180, 150, c.purple) + ground('#5b2a86'), [
      at(200, 300, 1, bars([60, 90, 80, 140, 180], [c.lavender, c.pink, c.lavender, c.gold, c.teal], 34, 14)),
      arrowUp(
        [
          [190, 210],
          [280, 180],
          [330, 200],
          [440, 90],
        ],
        c.gold,
      ),
      at(520, 320, 0.95, woman({ skin: skins[2], hair: hairs[3], top: c.rose, legs: c.lavender, arm: 'up' })),
      at(560, 70, 1, sparkle(c.gold)),
    ]),
  'evento-masterclasses': () =>
    scene(c.lilac, blob(320, 140, 120, c.white) + ground(c.lavender), [
      at(320, 150, 1.2, lightbulb()),
      at(180, 320, 1, woman({ skin: skins[0], hair: hairs[2], top: c.rose, arm: 'up' })),
      at(460, 320, 1, woman({ skin: skins[3], hair: hairs[1], top: c.teal, legs: c.purple, long: false })),
      at(230, 80, 1, sparkle(c.gold)),
      at(420, 70, 1, sparkle(c.rose)),
    ]),
  'evento-entrevistas-consultas': () =>
    scene(c.mint, blob(320, 150, 130, c.white) + ground('#a8dcc8'), [
      at(170, 320, 1, woman({ skin: skins[4], hair: hairs[0], top: c.purple, legs: c.rose, arm: 'out' })),
      at(470, 320, 1, woman({ skin: skins[2], hair: hairs[3], top: c.rose, arm: 'down', long: false })),
      at(230, 60, 1, bubble(120, 46, c.purple, 'left')),
      at(340, 110, 1, bubble(100, 42, c.rose, 'right')),
      at(320, 260, 0.9, microphone()),
    ]),
};

/* -------------------------------------- write -------------------------------------- */

const { Resvg } = require('@resvg/resvg-js');
const catalog = JSON.parse(readFileSync(catalogFile, 'utf8'));

// --preview FILE.png: every cover on one sheet, to look at them; nothing else is written.
if (process.argv[2] === '--preview') {
  const cells = catalog.courses.map((course, i) => {
    const inner = covers[course.id]()
      .replace(/^<svg[^>]*>/, '')
      .replace(/<\/svg>\s*$/, '');
    return `<svg x="${(i % 4) * 650}" y="${Math.floor(i / 4) * 370}" width="640" height="360" viewBox="0 0 640 360">${inner}</svg>`;
  });
  const rows = Math.ceil(cells.length / 4);
  const sheet = `<svg xmlns="http://www.w3.org/2000/svg" width="2590" height="${rows * 370}">${cells.join('')}</svg>`;
  writeFileSync(
    process.argv[3],
    new Resvg(sheet, { fitTo: { mode: 'width', value: 1600 } }).render().asPng(),
  );
  process.exit(0);
}
const missing = catalog.courses.filter((course) => !covers[course.id]).map((course) => course.id);
if (missing.length > 0) throw new Error(`Sin portada: ${missing.join(', ')}`);

mkdirSync(outDir, { recursive: true });
for (const file of readdirSync(outDir)) rmSync(path.join(outDir, file));
const work = path.join(tmpdir(), `covers-${process.pid}`);
mkdirSync(work, { recursive: true });

for (const course of catalog.courses) {
  const svg = covers[course.id]();
  if (Buffer.byteLength(svg) > 8192) throw new Error(`${course.id}.svg pesa más de 8 KB`);
  writeFileSync(path.join(outDir, `${course.id}.svg`), svg);
  const srcset = widths.map((width) => {
    const png = path.join(work, `${course.id}-${width}.png`);
    writeFileSync(png, new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng());
    const webp = path.join(work, `${course.id}-${width}.webp`);
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-i', png],
      ...['-c:v', 'libwebp', '-preset', 'drawing', '-quality', '82', '-compression_level', '6', webp],
    ]);
    const bytes = readFileSync(webp);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
    const name = `${course.id}-${width}.${hash}.webp`;
    writeFileSync(path.join(outDir, name), bytes);
    return { src: `/covers/${name}`, width };
  });
  const largest = srcset.at(-1);
  course.cover = { src: largest.src, width: largest.width, height: (largest.width * 9) / 16, srcset };
}
rmSync(work, { recursive: true, force: true });

// `cover` right after the thumbnails, where the content file documents it.
catalog.courses = catalog.courses.map((course) => {
  const { cover, ...rest } = course;
  const entries = Object.entries(rest);
  const after = entries.findLastIndex(([key]) => key.startsWith('thumbnail'));
  entries.splice(after + 1, 0, ['cover', cover]);
  return Object.fromEntries(entries);
});
writeFileSync(catalogFile, `${JSON.stringify(catalog, null, 2)}\n`);
execFileSync('npx', ['biome', 'format', '--write', catalogFile], { cwd: root, stdio: 'inherit' });
process.stdout.write(`Portadas generadas en ${outDir}\n`);
