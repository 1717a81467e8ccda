import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The API's floors (apps/api/.dependency-cruiser.cjs) run in `npm run check`. These tests plant
// imports in a small tree beside the real config and run the same command on it: the check must
// fail on each planted import that breaks a floor, and pass on one that goes down.

const apiDir = path.resolve(__dirname, '..');
const depcruise = path.resolve(apiDir, '../../node_modules/.bin/depcruise');
let tree: string | null = null;

function plant(files: Record<string, string>): string {
  tree = mkdtempSync(path.join(os.tmpdir(), 'alcancia-floors-'));
  copyFileSync(path.join(apiDir, '.dependency-cruiser.cjs'), path.join(tree, '.dependency-cruiser.cjs'));
  writeFileSync(path.join(tree, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'esnext' } }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
  return tree;
}

function check(dir: string) {
  const run = spawnSync(depcruise, ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = null;
});

describe('the API floors', () => {
  it('refuse a module importing one on a higher floor (payments -> withdrawals)', () => {
    const dir = plant({
      'src/modules/withdrawals/withdraw.ts':
        "import { pay } from '../payments/pay';\nexport const w = pay;\n",
      'src/modules/payments/pay.ts':
        "import { w } from '../withdrawals/withdraw';\nexport const pay = () => w;\n",
    });
    const result = check(dir);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(
      'floor-payments: src/modules/payments/pay.ts → src/modules/withdrawals/withdraw.ts',
    );
    // the downward import is allowed: only the upward one is reported
    expect(result.output).not.toContain('floor-withdrawals');
  });

  it('refuse two modules on one floor importing each other, even one way', () => {
    const dir = plant({
      'src/modules/programs/buy.ts': "import { give } from '../account/give';\nexport const buy = give;\n",
      'src/modules/account/give.ts': 'export const give = 1;\n',
    });
    const result = check(dir);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('floor-programs');
  });

  it('refuse the ground, plugins and a module without a floor reaching up', () => {
    const dir = plant({
      'src/lib/helper.ts': "import { x } from '../modules/auth/x';\nexport const h = x;\n",
      'src/plugins/p.ts': "import { x } from '../modules/auth/x';\nexport const p = x;\n",
      'src/modules/auth/x.ts': "import { n } from '../newcomer/n';\nexport const x = n;\n",
      'src/modules/newcomer/n.ts': 'export const n = 1;\n',
    });
    const result = check(dir);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('ground-floor');
    expect(result.output).toContain('adapters-below-modules');
    expect(result.output).toContain('module-not-on-a-floor');
  });

  it('accept imports that go down the floors', () => {
    const dir = plant({
      'src/modules/admin/a.ts': "import { s } from '../subscriptions/s';\nexport const a = s;\n",
      'src/modules/subscriptions/s.ts':
        "import { q } from '../jobs/q';\nimport { l } from '../../lib/l';\nexport const s = q + l;\n",
      'src/modules/jobs/q.ts': 'export const q = 1;\n',
      'src/lib/l.ts': 'export const l = 1;\n',
    });
    const result = check(dir);
    expect(result.output).toContain('no dependency violations');
    expect(result.status).toBe(0);
  });
});
