import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { processMemory, type RunningProcess, stopChild, waitForHttp } from './run-api';
import { log, outDir, type Settings } from './settings';

export const ceilingPath = '/api/academy/courses';

/**
 * The ceiling: a bare `node:http` server in its own process on the same machine, answering the
 * exact bytes of a real catalogue response (no framework, no routing, no auth, no database, no
 * log). What the API reaches on the same load, as a share of this, is the cost of everything the
 * API does per request, Fastify included.
 */
export async function startCeiling(
  settings: Settings,
  body: Buffer,
  contentType: string,
  /** more headers of the answer copied, e.g. the API's content-encoding for its compressed bytes */
  extraHeaders: Record<string, string> = {},
): Promise<RunningProcess> {
  mkdirSync(outDir, { recursive: true });
  const bodyFile = path.join(outDir, 'ceiling-body.json');
  writeFileSync(bodyFile, body);
  const port = settings.port + 1;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      String(port),
      bodyFile,
      contentType,
      JSON.stringify(extraHeaders),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { PATH: process.env.PATH, NODE_ENV: 'production' } },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}${ceilingPath}`, child);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const pid = child.pid ?? 0;
  log(`   ceiling server pid ${pid} on ${url}, ${body.length} bytes per response`);
  return { pid, url, memory: () => processMemory(pid), stop: () => stopChild(child) };
}

/** Child process entry: node --import tsx ceiling.ts <port> <body file> <content type> [headers] */
async function serve(port: number, bodyFile: string, contentType: string, extra: Record<string, string>) {
  const body = readFileSync(bodyFile);
  const headers = { ...extra, 'content-type': contentType, 'content-length': String(body.length) };
  const server = createServer((request, response) => {
    if (request.url === ceilingPath) response.writeHead(200, headers).end(body);
    else response.writeHead(404).end();
  });
  // as Fastify's defaults (and the API's): keep connections open between requests
  server.keepAliveTimeout = 72_000;
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port, bodyFile, contentType, extra] = process.argv.slice(2);
  if (!port || !bodyFile || !contentType)
    throw new Error('usage: ceiling.ts <port> <body file> <content type> [extra headers as JSON]');
  await serve(Number(port), bodyFile, contentType, extra ? JSON.parse(extra) : {});
}
