/**
 * How the browser tests reach the product (E2E_TOPOLOGY), shared by playwright.config.ts, the
 * two-process orchestrator and the specs that need to know.
 * - `one-process` (default): one API process on E2E_PORT, as `npm start` runs it.
 * - `two-process`: the proxy on E2E_PORT balancing two API processes on the next two ports, on one
 *   PostgreSQL (DATABASE_URL) and Redis, with the outside world's stand-ins as one service apart.
 */
export type Topology = 'one-process' | 'two-process';

export function e2eTopology(): Topology {
  const value = process.env.E2E_TOPOLOGY || 'one-process';
  if (value !== 'one-process' && value !== 'two-process') {
    throw new Error(`E2E_TOPOLOGY must be one-process or two-process, not ${JSON.stringify(value)}`);
  }
  return value;
}

/** The port the browser uses: the API itself, or the proxy. */
export const e2ePort = () => Number(process.env.E2E_PORT || 3100);

/** two-process: the API processes listen on the two ports after the proxy's, its control on the third. */
export function topologyPorts(proxyPort: number) {
  return { backends: [proxyPort + 1, proxyPort + 2], control: proxyPort + 3 };
}

/**
 * The database each run recreates on the server of DATABASE_URL: E2E_DATABASE, or `alcancia_e2e`
 * (one process) / `alcancia_e2e_two` (two processes), so the two kinds of run never share one.
 */
export function e2eDatabaseName(topology: Topology): string {
  const name = process.env.E2E_DATABASE || (topology === 'two-process' ? 'alcancia_e2e_two' : 'alcancia_e2e');
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`E2E_DATABASE is not a plain database name: ${name}`);
  return name;
}

/** DATABASE_URL with its database replaced by `name`. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Redis of the two-process run: its own logical database, emptied at the start of each run. */
export const e2eRedisUrl = () => process.env.E2E_REDIS_URL || 'redis://127.0.0.1:6379/9';
