import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import { LocalFileStorage } from './local-file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export interface SignedUrlOptions {
  /** the name the browser shows and saves, extension included */
  filename: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  ttlSeconds: number;
}

export interface StoredFile {
  body: Readable;
  size: number;
}

/** One stored file as a listing gives it. */
export interface ListedFile {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * Where downloadable materials live. Callers decide who may read a key; the storage only hands out
 * short-lived URLs for it (and the bytes, for the local driver's own file route).
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
  read(key: string): Promise<StoredFile | null>;
  /**
   * Bytes `start`..`end` (inclusive; to the end when `end` is omitted) of a file and its whole
   * size, or null when it is missing: video seeking and the upload checks (magic bytes, MP4 header).
   */
  readRange(key: string, start: number, end?: number): Promise<(StoredFile & { total: number }) | null>;
  /** Resolves when the storage answers (readiness): the folder is readable, or the bucket exists. */
  ping(): Promise<void>;
  /** Every file whose key starts with `prefix` (e.g. `subidas/`), with its last change: clean-ups. */
  list(prefix: string): Promise<ListedFile[]>;
  /** Stores a small file whole under `key` (a course's cover), replacing one already there. */
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes a file; a missing one is no error. */
  remove(key: string): Promise<void>;
}

/** Path of the API route that serves local signed URLs (see modules/files/serve-signed-file.ts). */
export const signedFilesPath = '/api/files';

/**
 * The configured storage. The local driver's HMAC key is FILE_URL_SECRET, or else derived from the
 * JWT secret with its own label, so one leaked signature key never signs tokens and vice versa.
 */
export async function createFileStorage(config: Config, jwtSecret: Uint8Array): Promise<FileStorage> {
  const { storage } = config;
  if (storage.driver === 's3' && storage.s3) {
    const { S3FileStorage } = await import('./s3-file-storage');
    return await S3FileStorage.fromConfig(storage.s3);
  }
  const secret = storage.urlSecret
    ? new TextEncoder().encode(storage.urlSecret)
    : new Uint8Array(createHmac('sha256', jwtSecret).update('file-urls').digest());
  return new LocalFileStorage({ root: storage.filesDir, secret, routePath: signedFilesPath });
}
