// Compares two runs of `npm run screens` pixel by pixel (issue 32: "no behaviour changed: the
// screenshots are the same before and after"). For every <width>/<screen>.png in both folders it
// says same, different (how many pixels, the box around them, the bands of rows that differ) or
// a different size, and writes a picture of the differences (changed pixels red over a faded
// copy of the "after" picture) to <out>/<width>/<screen>.png.
// Usage: node scripts/compare-screens.mjs <before-dir> <after-dir> [out-dir] [--threshold=N]
//   (a pixel differs when one of its channels moves by more than N, 0-255; default 16, so
//   anti-aliasing jitter of text is not counted)
// Decodes with the PNG reader Playwright already ships (playwright-core/lib/utilsBundle).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { PNG } = require('playwright-core/lib/utilsBundle');

/**
 * Compares two decoded pictures (`{ width, height, data }`, RGBA). Returns the count of differing
 * pixels, their bounding box, the bands of rows that hold them and (when asked) a diff picture.
 */
export function comparePictures(before, after, { threshold = 16, diff = false } = {}) {
  if (before.width !== after.width || before.height !== after.height) {
    return {
      sizeChanged: true,
      before: `${before.width}x${before.height}`,
      after: `${after.width}x${after.height}`,
    };
  }
  const { width, height } = after;
  const out = diff ? new PNG({ width, height }) : null;
  let count = 0;
  let box = null;
  const rows = [];
  for (let y = 0; y < height; y++) {
    let rowHas = false;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const differs =
        Math.abs(before.data[i] - after.data[i]) > threshold ||
        Math.abs(before.data[i + 1] - after.data[i + 1]) > threshold ||
        Math.abs(before.data[i + 2] - after.data[i + 2]) > threshold ||
        Math.abs(before.data[i + 3] - after.data[i + 3]) > threshold;
      if (differs) {
        count++;
        rowHas = true;
        if (!box) box = { left: x, top: y, right: x, bottom: y };
        else {
          box.left = Math.min(box.left, x);
          box.right = Math.max(box.right, x);
          box.bottom = y;
        }
      }
      if (out) {
        if (differs) out.data.set([255, 0, 0, 255], i);
        else {
          const grey = (after.data[i] + after.data[i + 1] + after.data[i + 2]) / 3;
          const faded = Math.round(255 - (255 - grey) * 0.2);
          out.data.set([faded, faded, faded, 255], i);
        }
      }
    }
    if (rowHas) {
      const last = rows.at(-1);
      if (last && y - last.to <= 8) last.to = y;
      else rows.push({ from: y, to: y });
    }
  }
  return { sizeChanged: false, count, box, rows, diff: out };
}

function pictures(dir) {
  const found = new Map();
  for (const width of readdirSync(dir)) {
    const folder = path.join(dir, width);
    if (!statSync(folder).isDirectory()) continue;
    for (const file of readdirSync(folder)) {
      if (file.endsWith('.png')) found.set(`${width}/${file}`, path.join(folder, file));
    }
  }
  return found;
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const threshold = Number(
    process.argv.find((arg) => arg.startsWith('--threshold='))?.slice('--threshold='.length) ?? 16,
  );
  const [beforeDir, afterDir, outDir = path.join(afterDir ?? '.', '..', 'diff')] = args;
  if (!beforeDir || !afterDir || !existsSync(beforeDir) || !existsSync(afterDir)) {
    process.stderr.write(
      'usage: node scripts/compare-screens.mjs <before-dir> <after-dir> [out-dir] [--threshold=N]\n',
    );
    process.exit(2);
  }
  const before = pictures(beforeDir);
  const after = pictures(afterDir);
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  let same = 0;
  let different = 0;
  for (const name of names) {
    if (!before.has(name) || !after.has(name)) {
      process.stdout.write(`${name}  only ${before.has(name) ? 'before' : 'after'}\n`);
      different++;
      continue;
    }
    const result = comparePictures(
      PNG.sync.read(readFileSync(before.get(name))),
      PNG.sync.read(readFileSync(after.get(name))),
      { threshold, diff: true },
    );
    if (result.sizeChanged) {
      different++;
      process.stdout.write(`${name}  size ${result.before} -> ${result.after}\n`);
    } else if (result.count === 0) {
      same++;
    } else {
      different++;
      const { left, top, right, bottom } = result.box;
      const bands = result.rows.map((row) => `${row.from}-${row.to}`).join(', ');
      process.stdout.write(
        `${name}  ${result.count} px in x ${left}-${right}, y ${top}-${bottom} (rows ${bands})\n`,
      );
      mkdirSync(path.dirname(path.join(outDir, name)), { recursive: true });
      writeFileSync(path.join(outDir, name), PNG.sync.write(result.diff));
    }
  }
  process.stdout.write(`${names.length} pictures: ${same} the same, ${different} different\n`);
}
