import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** What an API process wrote to its log during a run. */
export interface LogCount {
  bytes: number;
  lines: number;
  /** lines of the access log (one per request answered) */
  accessLines: number;
  /** lines at warn or above (the API's own complaints, if any) */
  warnings: number;
  /** the first few of those, to show in the console */
  firstWarnings: string[];
}

/** Counts the lines of an API's log file (pino JSON lines) once the process has exited. */
export async function countLog(file: string): Promise<LogCount> {
  const count: LogCount = {
    bytes: statSync(file).size,
    lines: 0,
    accessLines: 0,
    warnings: 0,
    firstWarnings: [],
  };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (!line) continue;
    count.lines++;
    if (line.includes('"msg":"request completed"')) {
      count.accessLines++;
      continue;
    }
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
    if (level >= 40) {
      count.warnings++;
      if (count.firstWarnings.length < 5) count.firstWarnings.push(line.slice(0, 300));
    }
  }
  return count;
}

/**
 * Waits until `count` cluster workers have said they listen (their "worker listening" lines), or
 * 60 s; returns how many did.
 */
export async function waitForWorkers(file: string, count: number, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let listening = 0;
  while (Date.now() < deadline) {
    listening = (readFileSync(file, 'utf8').match(/"msg":"worker listening"/g) ?? []).length;
    if (listening >= count) return listening;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return listening;
}
