import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const apiDir = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-proc-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, child: ChildProcess): Promise<Response> {
  // a first boot migrates and seeds the demo catalogue: allow two minutes on a busy machine
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      return await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('server did not start');
}

describe('the server process', () => {
  it('stops at boot with a message naming each bad variable', async () => {
    const proc = startServer({ PORT: 'abc', LOG_LEVEL: 'ruidoso' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('PORT');
    expect(proc.output()).toContain('LOG_LEVEL');
  }, 90_000);

  it('serves health and closes gracefully on SIGTERM', async () => {
    const port = await freePort();
    const proc = startServer({ PORT: String(port) });
    const res = await waitForHealth(port, proc.child);
    expect(res.status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  }, 60_000);
});
