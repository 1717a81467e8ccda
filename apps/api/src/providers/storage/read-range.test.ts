import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from './local-file-storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'alcancia-range-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local storage ranges (video seeking, upload checks)', () => {
  it('reads a part of a file with its whole size; an empty part past the end; null when missing', async () => {
    mkdirSync(path.join(root, 'subidas'), { recursive: true });
    writeFileSync(path.join(root, 'subidas', 'a.txt'), '0123456789');
    const storage = new LocalFileStorage({ root, secret: new Uint8Array(32), routePath: '/api/files' });
    const part = await storage.readRange('subidas/a.txt', 2, 5);
    expect(part && { size: part.size, total: part.total, body: await text(part.body) }).toEqual({
      size: 4,
      total: 10,
      body: '2345',
    });
    const tail = await storage.readRange('subidas/a.txt', 8);
    expect(tail && (await text(tail.body))).toBe('89');
    const clipped = await storage.readRange('subidas/a.txt', 8, 100);
    expect(clipped?.size).toBe(2);
    const past = await storage.readRange('subidas/a.txt', 20, 30);
    expect(past?.size).toBe(0);
    expect(await storage.readRange('subidas/no.txt', 0, 1)).toBeNull();
    expect(await storage.readRange('../a.txt', 0, 1)).toBeNull();
  });
});
