import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * OpenTelemetry tracing is off unless asked for, and when asked for (NODE_OPTIONS --import of
 * src/telemetry.ts plus OTEL_EXPORTER_OTLP_ENDPOINT) the API exports its spans over OTLP/HTTP to a
 * collector: here a small HTTP server that keeps what it receives.
 */

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface OtlpSpan {
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface OtlpBody {
  resourceSpans: Array<{
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}

const apiDir = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-otel-'));
const received: OtlpBody[] = [];
let collector: http.Server;
let collectorUrl = '';
const adminUrl = process.env.DATABASE_URL ?? '';
const databaseName = `alcancia_otel_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') received.push(JSON.parse(body) as OtlpBody);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  if (adminUrl) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database ${databaseName}`);
    await client.end();
  }
});
afterAll(async () => {
  await new Promise<void>((resolve) => collector.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${databaseName} with (force)`);
    await client.end();
  }
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = http.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

const spans = () =>
  received.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

async function waitFor<T>(what: string, probe: () => T | undefined, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('OpenTelemetry tracing', () => {
  it('exports a span per request named by its route, without the query string, and the queries', async () => {
    const port = await freePort();
    const databaseUrl = (() => {
      if (!adminUrl) return undefined;
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      return url.toString();
    })();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // as production sets it (docs/operations.md), tsx first for the TypeScript sources
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx --import=./src/telemetry.ts`.trim(),
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
      OTEL_SERVICE_NAME: 'alcancia-api-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['src/server.ts'], {
      cwd: apiDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    try {
      // a first boot migrates and seeds the demo catalogue
      let health: Response | undefined;
      for (let i = 0; i < 480 && !health; i++) {
        if (child.exitCode !== null) throw new Error(`the API exited: ${output}`);
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(
          () => new Promise<undefined>((r) => setTimeout(() => r(undefined), 250)),
        );
      }
      expect(health?.status).toBe(200);
      const flags = await fetch(
        `http://127.0.0.1:${port}/api/remote-config/feature-flags?codigo=secreto-123`,
      );
      expect(flags.status).toBe(200);

      const server = await waitFor('the request span', () =>
        spans().find(
          (s) => s.kind === 2 && attribute(s, 'http.route') === '/api/remote-config/feature-flags',
        ),
      );
      expect(server.name).toBe('GET /api/remote-config/feature-flags');
      expect(JSON.stringify(received)).not.toContain('secreto-123');
      expect(JSON.stringify(received[0]?.resourceSpans[0]?.resource)).toContain('alcancia-api-test');
      // probes are not traced
      expect(spans().some((s) => String(attribute(s, 'http.target') ?? '').includes('/api/health'))).toBe(
        false,
      );
      if (databaseUrl) {
        // the PostgreSQL server's queries (pg) are spans too; the embedded PGlite is not instrumented
        await waitFor('a query span', () => spans().find((s) => s.name.startsWith('pg.query')), 30_000).catch(
          (error: Error) => {
            throw new Error(
              `${error.message}; spans: ${spans()
                .map((s) => s.name)
                .join(', ')}`,
            );
          },
        );
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 180_000);
});
