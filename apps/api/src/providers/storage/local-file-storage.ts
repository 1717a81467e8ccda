import { createHmac, timingSafeEqual } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isValidFileKey, resolveFileKey } from './file-keys';
import type { FileStorage, ListedFile, SignedUrlOptions, StoredFile } from './file-storage';

export interface SignedFileParams {
  expires: number;
  name: string;
  signature: string;
}

export type SignatureVerdict = 'valid' | 'invalid' | 'expired';

interface LocalOptions {
  root: string;
  secret: Uint8Array;
  /** path of the route that serves signed URLs, e.g. /api/files */
  routePath: string;
  now?: () => number;
}

/**
 * Files on local disk, served by our own route behind HMAC-SHA256 signed URLs. The signature covers
 * the key, the expiry and the file name, so none of them can be changed; `download=1` is left out on
 * purpose: the holder of a valid URL may choose to view or to save.
 */
export class LocalFileStorage implements FileStorage {
  readonly driver = 'local' as const;
  private readonly now: () => number;

  constructor(private readonly options: LocalOptions) {
    this.now = options.now ?? Date.now;
  }

  async signedUrl(key: string, { filename, disposition, ttlSeconds }: SignedUrlOptions): Promise<string> {
    if (!isValidFileKey(key)) throw new Error(`Clave de archivo inválida: ${key}`);
    const expires = Math.floor(this.now() / 1000) + ttlSeconds;
    const query = new URLSearchParams({ expires: String(expires), name: filename });
    query.set('signature', this.sign(key, expires, filename));
    if (disposition === 'attachment') query.set('download', '1');
    const path = key.split('/').map(encodeURIComponent).join('/');
    return `${this.options.routePath}/${path}?${query.toString()}`;
  }

  verify(key: string, { expires, name, signature }: SignedFileParams): SignatureVerdict {
    const expected = Buffer.from(this.sign(key, expires, name));
    const given = Buffer.from(signature);
    // Length first: timingSafeEqual needs equal lengths, and a length says nothing secret.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return expires * 1000 < this.now() ? 'expired' : 'valid';
  }

  async read(key: string): Promise<StoredFile | null> {
    const file = resolveFileKey(this.options.root, key);
    if (!file) return null;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async readRange(
    key: string,
    start: number,
    end?: number,
  ): Promise<(StoredFile & { total: number }) | null> {
    const file = resolveFileKey(this.options.root, key);
    if (!file) return null;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      const last = Math.min(end ?? info.size - 1, info.size - 1);
      if (start > last) return { body: Readable.from([]), size: 0, total: info.size };
      return { body: createReadStream(file, { start, end: last }), size: last - start + 1, total: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async ping(): Promise<void> {
    if (!(await stat(this.options.root)).isDirectory()) throw new Error('FILES_DIR is not a folder');
    await access(this.options.root, constants.R_OK | constants.X_OK);
  }

  async list(prefix: string): Promise<ListedFile[]> {
    const root = path.resolve(this.options.root);
    // the folder that holds every key of the prefix: `subidas/videos/ab` → subidas/videos
    const start = path.join(root, prefix.slice(0, prefix.lastIndexOf('/') + 1));
    if (!start.startsWith(root)) return [];
    const entries = await readdir(start, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    const files: ListedFile[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(root, file).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const info = await stat(file).catch(() => null);
      if (info) files.push({ key, size: info.size, lastModified: info.mtime });
    }
    return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const file = resolveFileKey(this.options.root, key);
    if (!file) throw new Error(`Clave de archivo inválida: ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    // written aside and renamed: a reader never sees half a file
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, file);
  }

  async remove(key: string): Promise<void> {
    const file = resolveFileKey(this.options.root, key);
    if (!file) throw new Error(`Clave de archivo inválida: ${key}`);
    try {
      await unlink(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // A folder left empty goes too (an HLS stream's folder), as a bucket has no folders to leave behind.
    const folder = path.dirname(file);
    if (folder !== path.resolve(this.options.root)) {
      await rmdir(folder).catch(() => {});
    }
  }

  private sign(key: string, expires: number, name: string): string {
    // Newlines cannot occur in a key or a number, so the three fields cannot be shifted into each other.
    return createHmac('sha256', this.options.secret)
      .update(`${key}\n${expires}\n${name}`)
      .digest('base64url');
  }
}
