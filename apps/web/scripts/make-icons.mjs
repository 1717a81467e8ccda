/**
 * Draws the installable app's PNG icons (issue 44) from the brand mark of public/favicon.svg: the
 * plum square with a white "A". `any` icons keep the favicon's rounded corners; `maskable` ones fill
 * the whole square and keep the letter inside the central 80 % circle a platform's mask may cut to.
 * Run once after the mark changes (`node apps/web/scripts/make-icons.mjs`); the PNGs are committed.
 * Uses resvg (the API's certificate renderer) and the system's Liberation Sans Bold (Arial's metrics).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { Resvg } = require('@resvg/resvg-js');
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const plum = '#5b2a86';

const mark = ({ rounded, letterScale }) => {
  const size = 64;
  const fontSize = 34 * letterScale;
  // the favicon's baseline (44 of 64 for a 34 px letter), scaled about the centre
  const baseline = 32 + (44 - 32) * letterScale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect width="64" height="64" ${
    rounded ? 'rx="14"' : ''
  } fill="${plum}"/><text x="32" y="${baseline}" font-family="Liberation Sans" font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="#fff">A</text></svg>`;
};

const icons = [
  { name: 'icon-192.png', size: 192, rounded: true, letterScale: 1 },
  { name: 'icon-512.png', size: 512, rounded: true, letterScale: 1 },
  { name: 'icon-maskable-192.png', size: 192, rounded: false, letterScale: 0.8 },
  { name: 'icon-maskable-512.png', size: 512, rounded: false, letterScale: 0.8 },
  { name: 'apple-touch-icon.png', size: 180, rounded: false, letterScale: 0.9 },
];

for (const icon of icons) {
  const png = new Resvg(mark(icon), {
    fitTo: { mode: 'width', value: icon.size },
    font: { loadSystemFonts: true, defaultFontFamily: 'Liberation Sans' },
  })
    .render()
    .asPng();
  writeFileSync(path.join(out, icon.name), png);
  process.stdout.write(`${icon.name} ${png.length} bytes\n`);
}
