import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { s3Handler } from './server';
import { BucketStore } from './store';

/** The sandbox's fixed S3 settings: what STORAGE_DRIVER=s3 points at in development and tests. */
export const s3StandInDefaults = {
  bucket: 'alcancia-sandbox',
  region: 'us-east-1',
  accessKeyId: 'SANDBOXACCESSKEY0001',
  secretAccessKey: 'sandbox-secret-access-key-not-for-production',
} as const;

export interface S3StandInOptions {
  /** listen there instead of any free port */
  port?: number;
  /** the buckets that exist (default: the sandbox bucket) */
  buckets?: string[];
  accessKeyId?: string;
  secretAccessKey?: string;
  /** the clock (tests of expiry) */
  now?: () => number;
}

export interface S3StandIn {
  /** http://127.0.0.1:<port>: S3_ENDPOINT, with S3_FORCE_PATH_STYLE=true */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** the objects, for tests that age one (Last-Modified) */
  store: BucketStore;
  close(): Promise<void>;
}

/**
 * An S3-compatible object store on loopback, path-style (`/{bucket}/{key}`), objects in memory:
 * the S3 operations our storage adapter, @tus/s3-store and the SDK's presigner use, with S3's XML
 * bodies, error codes and AWS Signature V4 checked on every request (header or presigned query).
 * It stands in for the bucket (AWS S3, R2, MinIO…), so the `s3` driver runs for real locally.
 */
export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const now = options.now ?? Date.now;
  const buckets = options.buckets ?? [s3StandInDefaults.bucket];
  const credentials = {
    accessKeyId: options.accessKeyId ?? s3StandInDefaults.accessKeyId,
    secretAccessKey: options.secretAccessKey ?? s3StandInDefaults.secretAccessKey,
  };
  const store = new BucketStore(buckets, now);
  const server = createServer(s3Handler({ store, credentials, now }));
  // the SDK keeps connections alive; close() must not wait for them
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket: buckets[0] ?? s3StandInDefaults.bucket,
    region: s3StandInDefaults.region,
    ...credentials,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
