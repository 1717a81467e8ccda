import { isIP } from 'node:net';
import type { Config } from '../../config';

type S3Settings = NonNullable<Config['storage']['s3']>;

/**
 * The origin the browser reaches the bucket at through a presigned URL, as the SDK addresses it:
 * path-style at the endpoint itself (S3_FORCE_PATH_STYLE, an IP address, a bucket name that is
 * not a DNS label), virtual-hosted `{bucket}.{host}` otherwise; AWS's regional host without
 * S3_ENDPOINT. The CSP lets the app's pages fetch from it (the PDF viewer reads materials there).
 */
export function bucketOrigin(s3: S3Settings): string {
  const dnsLabel = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(s3.bucket);
  if (s3.endpoint) {
    const url = new URL(s3.endpoint);
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (s3.forcePathStyle || !dnsLabel || isIP(hostname) !== 0 || hostname === 'localhost') return url.origin;
    return `${url.protocol}//${s3.bucket}.${url.host}`;
  }
  const host = `s3.${s3.region}.amazonaws.com`;
  return s3.forcePathStyle || !dnsLabel ? `https://${host}` : `https://${s3.bucket}.${host}`;
}

/** The storage's origins for the CSP: none for local disk (our own origin serves it). */
export function storageOrigins(config: Config): string[] {
  return config.storage.driver === 's3' && config.storage.s3 ? [bucketOrigin(config.storage.s3)] : [];
}
