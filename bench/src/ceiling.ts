import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { processMemory, type RunningProcess, stopChild, waitForHttp } from './run-api';
import { log, outDir, type Settings } from './settings';

export const ceilingPath = '/api/academy/courses';

/**
 * The ceiling: a bare Fastify route in its own process on the same machine, answering the exact
 * bytes of a real catalogue response (no auth, no database, no schema). What the API reaches on
 * the same load, as a share of this, is the cost of everything the API does per request.
 */
export async function startCeiling(
  settings: Settings,
  body: Buffer,
  contentType: string,
): Promise<RunningProcess> {
  mkdirSync(outDir, { recursive: true });
  const bodyFile = path.join(outDir, 'ceiling-body.json');
  writeFileSync(bodyFile, body);
  const port = settings.port + 1;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), String(port), bodyFile, contentType],
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

/** Child process entry: node --import tsx ceiling.ts <port> <body file> <content type> */
async function serve(port: number, bodyFile: string, contentType: string) {
  const body = readFileSync(bodyFile);
  const app = Fastify({ logger: false });
  app.get(ceilingPath, (_request, reply) => {
    reply.header('content-type', contentType).send(body);
  });
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  await app.listen({ port, host: '127.0.0.1' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port, bodyFile, contentType] = process.argv.slice(2);
  if (!port || !bodyFile || !contentType)
    throw new Error('usage: ceiling.ts <port> <body file> <content type>');
  await serve(Number(port), bodyFile, contentType);
}
