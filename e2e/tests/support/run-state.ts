import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * What the workers of one browser run share. With E2E_WORKERS=2 two worker processes drive the one
 * server at the same time, and some things are counted per server, not per worker: a TOTP step is
 * accepted once per operator, a card (number and expiry) gets one free trial. playwright.config.ts
 * makes one folder per run (E2E_RUN_STATE, inherited by the workers); its files are read and
 * written under a lock file created with O_EXCL, so two workers never interleave.
 */

function stateDir(): string {
  const dir = process.env.E2E_RUN_STATE ?? path.join(os.tmpdir(), `alcancia-e2e-state-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const file = (name: string) => path.join(stateDir(), name);

/** A lock older than this was left by a worker that died holding it. */
const staleLockMs = 120_000;

function tryLock(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(lock).mtimeMs > staleLockMs) rmSync(lock, { force: true });
    } catch {
      // released meanwhile
    }
    return false;
  }
}

/**
 * Runs `fn` while holding the run's lock `name` (awaiting it); `onWait` is called once if another
 * worker holds it at first.
 */
export async function withRunLock<T>(name: string, fn: () => Promise<T>, onWait?: () => void): Promise<T> {
  const lock = file(`${name}.lock`);
  let waited = false;
  while (!tryLock(lock)) {
    if (!waited) onWait?.();
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** The same for short synchronous work (a counter). */
export function withRunLockSync<T>(name: string, fn: () => T): T {
  const lock = file(`${name}.lock`);
  while (!tryLock(lock)) Atomics.wait(pause, 0, 0, 10);
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** A JSON value of the run (call under the lock of the same name). */
export function readRunState<T>(name: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(file(`${name}.json`), 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw error;
  }
}

/** Writes it whole (a rename: a reader never sees half of it). */
export function writeRunState(name: string, value: unknown): void {
  const target = file(`${name}.json`);
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(value));
  renameSync(temporary, target);
}

/**
 * Takes the run's value `name` away (the next taker gets nothing until it is put back): a rename,
 * so two workers never both get it.
 */
export function takeRunState<T>(name: string): T | undefined {
  const taken = file(`${name}.${process.pid}.taken`);
  try {
    renameSync(file(`${name}.json`), taken);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(readFileSync(taken, 'utf8')) as T;
  } finally {
    rmSync(taken, { force: true });
  }
}
