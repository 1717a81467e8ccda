import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throw-away PostgreSQL cluster of the test's own, on a free port, that a fault test may stop
 * and start (never the machine's own service, which other work uses). Debian's binaries
 * (`/usr/lib/postgresql/<version>/bin`, the newest installed); as root, every command runs as
 * the `postgres` user in a temporary folder it owns.
 */
export interface TestCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** `pg_ctl stop -m <mode>`: fast (sessions cut, checkpoint) or immediate (a crash: recovery at start) */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  running(): boolean;
  /** Stops it (immediate) and deletes its folder; safe to call twice or after a failed start. */
  destroy(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? spawnSync('ls', [root], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions
    .map((v) => path.join(root, v, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  return found;
}

export function createTestCluster(port: number): TestCluster {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-pgfault-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8', cwd: dir, timeout: 60_000 });
    if (result.status !== 0) {
      throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error}`);
    }
    return result.stdout;
  };
  let up = false;
  const cluster: TestCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start() {
      run('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        '-t',
        '30',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`,
        'start',
      ]);
      up = true;
    },
    stop(mode = 'fast') {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
      up = false;
    },
    running: () => up,
    destroy() {
      if (existsSync(path.join(data, 'postmaster.pid'))) {
        try {
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
        } catch {
          // already stopped
        }
      }
      up = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    cluster.start();
  } catch (error) {
    cluster.destroy();
    throw error;
  }
  return cluster;
}

/** Creates a database on the cluster. */
export async function createDatabase(cluster: TestCluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return cluster.url(name);
}
