import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { describeScan, scanFile } from './log-scan';

/** Where the webServer command (playwright.config.ts) writes the server's stdout and stderr. */
export const serverLogPath = (configDir: string) => path.join(configDir, 'test-results', 'server.log');

/**
 * After every browser run (passed or failed): the server's whole log holds no password, token,
 * mailed code or card data. A missing log fails too: it means the capture broke.
 */
export default function scanServerLog(config: FullConfig): void {
  const file = serverLogPath(path.dirname(config.configFile ?? path.join(process.cwd(), 'x')));
  const result = scanFile(file);
  process.stdout.write(`${describeScan(path.relative(process.cwd(), file), result)}\n`);
  if (result.findings.length > 0) {
    throw new Error(`the server log holds ${result.findings.length} secrets (kinds and lines above)`);
  }
}
