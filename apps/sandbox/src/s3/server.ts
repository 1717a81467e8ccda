import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Credentials, queryPairs, verifySignature } from './signature';
import { type BucketStore, S3Error, type StoredObject } from './store';
import { elements, text, xmlDocument } from './xml';

export interface S3HandlerOptions {
  store: BucketStore;
  credentials: Credentials;
  now?: () => number;
}

/** The S3 REST operations our API, @tus/s3-store and the SDK's presigner use, path-style: /{bucket}/{key}. */
export function s3Handler({ store, credentials, now = Date.now }: S3HandlerOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const requestId = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
    res.setHeader('x-amz-request-id', requestId);
    res.setHeader('server', 'AlcanciaS3StandIn');
    const url = req.url ?? '/';
    const at = url.indexOf('?');
    const rawPath = at === -1 ? url : url.slice(0, at);
    const query = new Map(queryPairs(at === -1 ? '' : url.slice(at + 1)));
    const [rawBucket = '', ...rawKey] = rawPath.slice(1).split('/');
    const bucket = decodeURIComponent(rawBucket);
    const key = decodeURIComponent(rawKey.join('/'));
    const resource = rawPath;
    // As a bucket with a CORS rule allowing GET and HEAD from any origin: the app's PDF viewer
    // fetches presigned URLs from the browser. A preflight carries no signature (S3 answers it
    // from the bucket's CORS configuration).
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'Origin');
      res.setHeader(
        'access-control-expose-headers',
        'Accept-Ranges, Content-Range, Content-Length, Content-Disposition, ETag',
      );
    }
    if (req.method === 'OPTIONS' && origin) {
      const asked = String(req.headers['access-control-request-method'] ?? '');
      res.statusCode = asked === 'GET' || asked === 'HEAD' ? 200 : 403;
      res.setHeader('access-control-allow-methods', 'GET, HEAD');
      const headers = req.headers['access-control-request-headers'];
      if (headers) res.setHeader('access-control-allow-headers', String(headers));
      res.setHeader('access-control-max-age', '3000');
      res.end();
      return;
    }
    try {
      const raw = await readBody(req);
      const verdict = verifySignature(
        { method: req.method ?? 'GET', url, headers: req.headers },
        credentials,
        now(),
      );
      if (!verdict.ok)
        throw new S3Error(
          verdict.code,
          verdict.code === 'AuthorizationQueryParametersError' ? 400 : 403,
          verdict.message,
        );
      const body = payloadOf(req, raw, verdict.payloadHash);
      if (!bucket) throw new S3Error('NotImplemented', 501, 'ListBuckets is not part of this stand-in');
      await route({ req, res, store, bucket, key, query, body, resource });
    } catch (error) {
      const s3 =
        error instanceof S3Error
          ? error
          : new S3Error('InternalError', 500, 'We encountered an internal error. Please try again.');
      if (!(error instanceof S3Error)) console.error('[s3 stand-in]', error);
      res.statusCode = s3.status;
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      sendXml(
        res,
        s3.status,
        xmlDocument(
          'Error',
          { Code: s3.code, Message: s3.message, ...s3.extra, Resource: resource, RequestId: requestId },
          false,
        ),
      );
    }
  };
}

interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  store: BucketStore;
  bucket: string;
  key: string;
  query: Map<string, string>;
  body: Buffer;
  resource: string;
}

async function route(ctx: Context): Promise<void> {
  const { req, query, key } = ctx;
  const method = req.method ?? 'GET';
  if (!key) {
    if (method === 'HEAD') return headBucket(ctx);
    if (method === 'GET' && query.get('list-type') === '2') return listObjectsV2(ctx);
    if (method === 'GET' && query.has('uploads')) return listMultipartUploads(ctx);
    if (method === 'POST' && query.has('delete')) return deleteObjects(ctx);
    throw new S3Error(
      'NotImplemented',
      501,
      'A header you provided implies functionality that is not implemented',
    );
  }
  const uploadId = query.get('uploadId');
  if (method === 'POST' && query.has('uploads')) return createMultipartUpload(ctx);
  if (uploadId !== undefined) {
    if (method === 'PUT' && query.has('partNumber')) return uploadPart(ctx, uploadId);
    if (method === 'GET') return listParts(ctx, uploadId);
    if (method === 'POST') return completeMultipartUpload(ctx, uploadId);
    if (method === 'DELETE') return abortMultipartUpload(ctx, uploadId);
  }
  if (method === 'PUT' && !req.headers['x-amz-copy-source']) return putObject(ctx);
  if (method === 'GET') return getObject(ctx, true);
  if (method === 'HEAD') return getObject(ctx, false);
  if (method === 'DELETE') {
    ctx.store.delete(ctx.bucket, key);
    ctx.res.statusCode = 204;
    ctx.res.end();
    return;
  }
  throw new S3Error(
    'NotImplemented',
    501,
    'A header you provided implies functionality that is not implemented',
  );
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The object's bytes: `aws-chunked` bodies (the SDK streams with `STREAMING-…-PAYLOAD…` and a
 * checksum trailer) are decoded; a hex x-amz-content-sha256 must match what arrived.
 */
function payloadOf(req: IncomingMessage, raw: Buffer, payloadHash: string): Buffer {
  const encoding = String(req.headers['content-encoding'] ?? '');
  const body =
    payloadHash.startsWith('STREAMING-') || encoding.includes('aws-chunked') ? decodeAwsChunked(raw) : raw;
  if (/^[0-9a-f]{64}$/.test(payloadHash) && createHash('sha256').update(body).digest('hex') !== payloadHash) {
    throw new S3Error(
      'XAmzContentSHA256Mismatch',
      400,
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  }
  const declared = req.headers['x-amz-decoded-content-length'];
  if (declared !== undefined && Number(declared) !== body.length) {
    throw new S3Error(
      'IncompleteBody',
      400,
      'You did not provide the number of bytes specified by the Content-Length HTTP header',
    );
  }
  return body;
}

/** `size[;chunk-signature=…]\r\n bytes \r\n` … `0\r\n` trailers `\r\n`. */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd === -1) throw new S3Error('IncompleteBody', 400, 'The aws-chunked body ended early');
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (Number.isNaN(size)) throw new S3Error('InvalidRequest', 400, 'Malformed aws-chunked body');
    offset = lineEnd + 2;
    if (size === 0) return Buffer.concat(parts);
    parts.push(raw.subarray(offset, offset + size));
    offset += size + 2;
  }
}

function sendXml(res: ServerResponse, status: number, xml: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/xml');
  res.setHeader('content-length', Buffer.byteLength(xml));
  res.end(xml);
}

const metadataOf = (req: IncomingMessage) =>
  Object.fromEntries(
    Object.entries(req.headers)
      .filter(([name]) => name.startsWith('x-amz-meta-'))
      .map(([name, value]) => [name.slice('x-amz-meta-'.length), String(value)]),
  );

const objectFields = (req: IncomingMessage) => ({
  contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
  metadata: metadataOf(req),
  tagging: req.headers['x-amz-tagging'] as string | undefined,
});

function headBucket({ store, bucket, res }: Context): void {
  store.bucket(bucket);
  res.statusCode = 200;
  res.setHeader('x-amz-bucket-region', 'us-east-1');
  res.end();
}

function putObject({ store, bucket, key, body, req, res }: Context): void {
  const object = store.put(bucket, key, body, objectFields(req));
  res.statusCode = 200;
  res.setHeader('etag', object.etag);
  res.end();
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`: the inclusive span, 'unsatisfiable', or null (whole object, as S3 ignores what it cannot parse). */
function rangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : size - 1;
  if (match[2] && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

const overrides = {
  'response-content-type': 'content-type',
  'response-content-disposition': 'content-disposition',
  'response-content-language': 'content-language',
  'response-content-encoding': 'content-encoding',
  'response-cache-control': 'cache-control',
  'response-expires': 'expires',
} as const;

function getObject({ store, bucket, key, query, req, res }: Context, withBody: boolean): void {
  const object: StoredObject = store.get(bucket, key);
  const size = object.body.length;
  const range = rangeOf(req.headers.range, size);
  if (range === 'unsatisfiable') {
    throw new S3Error('InvalidRange', 416, 'The requested range is not satisfiable', {
      RangeRequested: String(req.headers.range),
      ActualObjectSize: size,
    });
  }
  res.setHeader('content-type', object.contentType);
  res.setHeader('etag', object.etag);
  res.setHeader('last-modified', object.lastModified.toUTCString());
  res.setHeader('accept-ranges', 'bytes');
  for (const [name, value] of Object.entries(object.metadata)) res.setHeader(`x-amz-meta-${name}`, value);
  for (const [param, header] of Object.entries(overrides)) {
    const value = query.get(param);
    if (value !== undefined) res.setHeader(header, value);
  }
  const bytes = range ? object.body.subarray(range.start, range.end + 1) : object.body;
  if (range) {
    res.statusCode = 206;
    res.setHeader('content-range', `bytes ${range.start}-${range.end}/${size}`);
  } else {
    res.statusCode = 200;
  }
  res.setHeader('content-length', bytes.length);
  res.end(withBody ? bytes : undefined);
}

function listObjectsV2({ store, bucket, query, res }: Context): void {
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') || undefined;
  const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), 1000);
  const token = query.get('continuation-token');
  const startAfter = token
    ? Buffer.from(token, 'base64url').toString('utf8')
    : (query.get('start-after') ?? '');
  const urlEncoded = query.get('encoding-type') === 'url';
  const shown = (value: string) => (urlEncoded ? encodeURIComponent(value).replace(/%2F/g, '/') : value);
  const objects = store.bucket(bucket);
  const contents: { key: string; object: StoredObject }[] = [];
  const prefixes: string[] = [];
  let last = '';
  let truncated = false;
  for (const key of store.keys(bucket)) {
    if (!key.startsWith(prefix) || (startAfter && key <= startAfter)) continue;
    const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    const commonPrefix = cut === -1 ? null : key.slice(0, cut + (delimiter?.length ?? 0));
    if (commonPrefix && prefixes.includes(commonPrefix)) continue;
    if (contents.length + prefixes.length >= maxKeys) {
      truncated = true;
      break;
    }
    if (commonPrefix) prefixes.push(commonPrefix);
    else contents.push({ key, object: objects.get(key) as StoredObject });
    last = commonPrefix ?? key;
  }
  sendXml(
    res,
    200,
    xmlDocument('ListBucketResult', {
      Name: bucket,
      Prefix: shown(prefix),
      Delimiter: delimiter,
      MaxKeys: maxKeys,
      EncodingType: urlEncoded ? 'url' : undefined,
      KeyCount: contents.length + prefixes.length,
      IsTruncated: truncated,
      ContinuationToken: token,
      NextContinuationToken: truncated ? Buffer.from(last, 'utf8').toString('base64url') : undefined,
      StartAfter: query.get('start-after'),
      Contents: contents.map(({ key, object }) => ({
        Key: shown(key),
        LastModified: object.lastModified.toISOString(),
        ETag: object.etag,
        Size: object.body.length,
        StorageClass: 'STANDARD',
      })),
      CommonPrefixes: prefixes.map((p) => ({ Prefix: shown(p) })),
    }),
  );
}

function deleteObjects({ store, bucket, body, res }: Context): void {
  store.bucket(bucket);
  const xml = body.toString('utf8');
  const keys = elements(xml, 'Object').map((object) => text(object, 'Key') ?? '');
  if (keys.length === 0 || keys.length > 1000) {
    throw new S3Error(
      'MalformedXML',
      400,
      'The XML you provided was not well-formed or did not validate against our published schema',
    );
  }
  const quiet = text(xml, 'Quiet') === 'true';
  for (const key of keys) store.delete(bucket, key);
  sendXml(
    res,
    200,
    xmlDocument('DeleteResult', { Deleted: quiet ? undefined : keys.map((Key) => ({ Key })) }),
  );
}

function createMultipartUpload({ store, bucket, key, req, res }: Context): void {
  const upload = store.createUpload(bucket, key, objectFields(req));
  sendXml(
    res,
    200,
    xmlDocument('InitiateMultipartUploadResult', { Bucket: bucket, Key: key, UploadId: upload.uploadId }),
  );
}

function uploadPart({ store, bucket, key, query, body, res }: Context, uploadId: string): void {
  const upload = store.upload(bucket, key, uploadId);
  const part = store.putPart(upload, Number(query.get('partNumber')), body);
  res.statusCode = 200;
  res.setHeader('etag', part.etag);
  res.end();
}

function listParts({ store, bucket, key, query, res }: Context, uploadId: string): void {
  const upload = store.upload(bucket, key, uploadId);
  const marker = Number(query.get('part-number-marker') ?? 0);
  const maxParts = Math.min(Number(query.get('max-parts') ?? 1000), 1000);
  const numbers = [...upload.parts.keys()].filter((n) => n > marker).sort((a, b) => a - b);
  const page = numbers.slice(0, maxParts);
  sendXml(
    res,
    200,
    xmlDocument('ListPartsResult', {
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      PartNumberMarker: marker,
      NextPartNumberMarker: page.at(-1) ?? marker,
      MaxParts: maxParts,
      IsTruncated: numbers.length > page.length,
      StorageClass: 'STANDARD',
      Part: page.map((n) => {
        const part = upload.parts.get(n);
        return {
          PartNumber: n,
          LastModified: part?.lastModified.toISOString(),
          ETag: part?.etag,
          Size: part?.body.length,
        };
      }),
    }),
  );
}

function completeMultipartUpload({ store, bucket, key, body, req, res }: Context, uploadId: string): void {
  const upload = store.upload(bucket, key, uploadId);
  const listed = elements(body.toString('utf8'), 'Part').map((part) => ({
    partNumber: Number(text(part, 'PartNumber')),
    etag: text(part, 'ETag') ?? '',
  }));
  const object = store.complete(upload, listed);
  sendXml(
    res,
    200,
    xmlDocument('CompleteMultipartUploadResult', {
      Location: `http://${req.headers.host}/${bucket}/${key}`,
      Bucket: bucket,
      Key: key,
      ETag: object.etag,
    }),
  );
}

function abortMultipartUpload({ store, bucket, key, res }: Context, uploadId: string): void {
  store.abort(store.upload(bucket, key, uploadId));
  res.statusCode = 204;
  res.end();
}

function listMultipartUploads({ store, bucket, query, res }: Context): void {
  const prefix = query.get('prefix') ?? '';
  const uploads = store.listUploads(bucket).filter((upload) => upload.key.startsWith(prefix));
  sendXml(
    res,
    200,
    xmlDocument('ListMultipartUploadsResult', {
      Bucket: bucket,
      KeyMarker: query.get('key-marker') ?? '',
      UploadIdMarker: query.get('upload-id-marker') ?? '',
      Prefix: prefix,
      MaxUploads: 1000,
      IsTruncated: false,
      Upload: uploads.map((upload) => ({
        Key: upload.key,
        UploadId: upload.uploadId,
        Initiated: upload.initiated.toISOString(),
        StorageClass: 'STANDARD',
      })),
    }),
  );
}
