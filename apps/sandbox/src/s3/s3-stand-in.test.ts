import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3StandIn, startS3StandIn } from '.';

let s3: S3StandIn;
let client: S3Client;
let clock = Date.now();

const clientWith = (secretAccessKey: string, accessKeyId = s3.accessKeyId) =>
  new S3Client({
    region: s3.region,
    endpoint: s3.url,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: 1,
  });

beforeAll(async () => {
  s3 = await startS3StandIn({ now: () => clock });
  client = clientWith(s3.secretAccessKey);
});
afterAll(async () => {
  client.destroy();
  await s3.close();
});

const Bucket = () => s3.bucket;
const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * seed) % 251));
const codeOf = (error: unknown) => (error as { name?: string }).name;
const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

describe('S3 stand-in, through the real @aws-sdk/client-s3', () => {
  it('puts, heads, gets (whole and ranged), and answers NoSuchKey, NoSuchBucket and InvalidRange like S3', async () => {
    const body = bytes(1000);
    await client.send(
      new PutObjectCommand({
        Bucket: Bucket(),
        Key: 'a/b c.pdf',
        Body: body,
        ContentType: 'application/pdf',
        Metadata: { autor: 'ana' },
      }),
    );
    const head = await client.send(new HeadObjectCommand({ Bucket: Bucket(), Key: 'a/b c.pdf' }));
    expect(head).toMatchObject({
      ContentLength: 1000,
      ContentType: 'application/pdf',
      Metadata: { autor: 'ana' },
    });
    const whole = await client.send(new GetObjectCommand({ Bucket: Bucket(), Key: 'a/b c.pdf' }));
    expect(Buffer.from(await (whole.Body?.transformToByteArray() ?? [])).equals(body)).toBe(true);
    const part = await client.send(
      new GetObjectCommand({ Bucket: Bucket(), Key: 'a/b c.pdf', Range: 'bytes=100-199' }),
    );
    expect(part.ContentRange).toBe('bytes 100-199/1000');
    expect(part.$metadata.httpStatusCode).toBe(206);
    expect(Buffer.from(await (part.Body?.transformToByteArray() ?? [])).equals(body.subarray(100, 200))).toBe(
      true,
    );
    const tail = await client.send(
      new GetObjectCommand({ Bucket: Bucket(), Key: 'a/b c.pdf', Range: 'bytes=990-' }),
    );
    expect(tail.ContentRange).toBe('bytes 990-999/1000');
    const outside = await client
      .send(new GetObjectCommand({ Bucket: Bucket(), Key: 'a/b c.pdf', Range: 'bytes=1000-1200' }))
      .catch((e) => e);
    expect([codeOf(outside), statusOf(outside)]).toEqual(['InvalidRange', 416]);
    const missing = await client
      .send(new GetObjectCommand({ Bucket: Bucket(), Key: 'nada.pdf' }))
      .catch((e) => e);
    expect([codeOf(missing), statusOf(missing)]).toEqual(['NoSuchKey', 404]);
    const headMissing = await client
      .send(new HeadObjectCommand({ Bucket: Bucket(), Key: 'nada.pdf' }))
      .catch((e) => e);
    expect(statusOf(headMissing)).toBe(404);
    await client.send(new HeadBucketCommand({ Bucket: Bucket() }));
    const noBucket = await client
      .send(new GetObjectCommand({ Bucket: 'otro-balde', Key: 'x' }))
      .catch((e) => e);
    expect(codeOf(noBucket)).toBe('NoSuchBucket');
  });

  it('lists by prefix with pages, deletes one and many', async () => {
    for (const key of ['l/1', 'l/2', 'l/3', 'm/1']) {
      await client.send(new PutObjectCommand({ Bucket: Bucket(), Key: key, Body: key }));
    }
    const first = await client.send(new ListObjectsV2Command({ Bucket: Bucket(), Prefix: 'l/', MaxKeys: 2 }));
    expect(first.Contents?.map((c) => c.Key)).toEqual(['l/1', 'l/2']);
    expect(first.IsTruncated).toBe(true);
    expect(first.Contents?.[0]?.LastModified).toBeInstanceOf(Date);
    expect(first.Contents?.[0]?.Size).toBe(3);
    const rest = await client.send(
      new ListObjectsV2Command({
        Bucket: Bucket(),
        Prefix: 'l/',
        ContinuationToken: first.NextContinuationToken,
      }),
    );
    expect(rest.Contents?.map((c) => c.Key)).toEqual(['l/3']);
    expect(rest.IsTruncated).toBe(false);
    await client.send(new DeleteObjectCommand({ Bucket: Bucket(), Key: 'l/1' }));
    await client.send(new DeleteObjectCommand({ Bucket: Bucket(), Key: 'l/1' })); // missing: still fine
    const deleted = await client.send(
      new DeleteObjectsCommand({ Bucket: Bucket(), Delete: { Objects: [{ Key: 'l/2' }, { Key: 'm/1' }] } }),
    );
    expect(deleted.Deleted?.map((d) => d.Key)).toEqual(['l/2', 'm/1']);
    const left = await client.send(new ListObjectsV2Command({ Bucket: Bucket(), Prefix: 'l/' }));
    expect(left.Contents?.map((c) => c.Key)).toEqual(['l/3']);
  });

  it('multipart: parts listed, joined in order; parts under 5 MiB refused unless last; unknown uploads and parts refused', async () => {
    const Key = 'subidas/grande.mp4';
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: Bucket(), Key, ContentType: 'video/mp4' }),
    );
    const one = bytes(5 * 1024 * 1024, 3);
    const two = bytes(1234, 7);
    const e1 = (
      await client.send(new UploadPartCommand({ Bucket: Bucket(), Key, UploadId, PartNumber: 1, Body: one }))
    ).ETag;
    const e2 = (
      await client.send(new UploadPartCommand({ Bucket: Bucket(), Key, UploadId, PartNumber: 2, Body: two }))
    ).ETag;
    const listed = await client.send(new ListPartsCommand({ Bucket: Bucket(), Key, UploadId }));
    expect(listed.Parts?.map((p) => [p.PartNumber, p.Size])).toEqual([
      [1, one.length],
      [2, two.length],
    ]);
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: Bucket() }));
    expect(uploads.Uploads?.map((u) => u.Key)).toContain(Key);
    const wrongTag = await client
      .send(
        new CompleteMultipartUploadCommand({
          Bucket: Bucket(),
          Key,
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"00"' }] },
        }),
      )
      .catch((e) => e);
    expect(codeOf(wrongTag)).toBe('InvalidPart');
    const done = await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: Bucket(),
        Key,
        UploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: e1 },
            { PartNumber: 2, ETag: e2 },
          ],
        },
      }),
    );
    expect(done.ETag).toMatch(/^"[0-9a-f]{32}-2"$/);
    const object = await client.send(new GetObjectCommand({ Bucket: Bucket(), Key }));
    expect(object.ContentType).toBe('video/mp4');
    expect(
      Buffer.from(await (object.Body?.transformToByteArray() ?? [])).equals(Buffer.concat([one, two])),
    ).toBe(true);
    const gone = await client.send(new ListPartsCommand({ Bucket: Bucket(), Key, UploadId })).catch((e) => e);
    expect([codeOf(gone), statusOf(gone)]).toEqual(['NoSuchUpload', 404]);

    const small = await client.send(new CreateMultipartUploadCommand({ Bucket: Bucket(), Key: 'chico' }));
    const s1 = (
      await client.send(
        new UploadPartCommand({
          Bucket: Bucket(),
          Key: 'chico',
          UploadId: small.UploadId,
          PartNumber: 1,
          Body: two,
        }),
      )
    ).ETag;
    const s2 = (
      await client.send(
        new UploadPartCommand({
          Bucket: Bucket(),
          Key: 'chico',
          UploadId: small.UploadId,
          PartNumber: 2,
          Body: two,
        }),
      )
    ).ETag;
    const tooSmall = await client
      .send(
        new CompleteMultipartUploadCommand({
          Bucket: Bucket(),
          Key: 'chico',
          UploadId: small.UploadId,
          MultipartUpload: {
            Parts: [
              { PartNumber: 1, ETag: s1 },
              { PartNumber: 2, ETag: s2 },
            ],
          },
        }),
      )
      .catch((e) => e);
    expect(codeOf(tooSmall)).toBe('EntityTooSmall');
    await client.send(
      new AbortMultipartUploadCommand({ Bucket: Bucket(), Key: 'chico', UploadId: small.UploadId }),
    );
    const aborted = await client
      .send(new AbortMultipartUploadCommand({ Bucket: Bucket(), Key: 'chico', UploadId: small.UploadId }))
      .catch((e) => e);
    expect(codeOf(aborted)).toBe('NoSuchUpload');
  });

  it('presigned GET answers with the asked content type and disposition, until it expires', async () => {
    await client.send(
      new PutObjectCommand({
        Bucket: Bucket(),
        Key: 'materiales/guia.pdf',
        Body: 'PDF!',
        ContentType: 'binary/octet-stream',
      }),
    );
    const disposition = `attachment; filename="Guia.pdf"; filename*=UTF-8''Gu%C3%ADa.pdf`;
    const url = await getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket: Bucket(),
        Key: 'materiales/guia.pdf',
        ResponseContentType: 'application/pdf',
        ResponseContentDisposition: disposition,
      }),
      { expiresIn: 60, signingDate: new Date(clock) },
    );
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(disposition);
    expect(await res.text()).toBe('PDF!');
    // from the app's pages: CORS as a bucket whose rule allows GET from any origin
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'range',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const ranged = await fetch(url, { headers: { range: 'bytes=1-2', origin: 'http://localhost:3000' } });
    expect(ranged.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect([ranged.status, await ranged.text()]).toEqual([206, 'DF']);
    // a changed query is another request: its signature does not match
    const tampered = new URL(url);
    tampered.searchParams.set('response-content-type', 'text/html');
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    clock += 61_000;
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired/);
    clock -= 61_000;
  });

  it('refuses a wrong secret, an unknown key id and an unsigned request with 403', async () => {
    const wrong = clientWith('not-the-secret');
    const refused = await wrong
      .send(new GetObjectCommand({ Bucket: Bucket(), Key: 'materiales/guia.pdf' }))
      .catch((e) => e);
    expect([codeOf(refused), statusOf(refused)]).toEqual(['SignatureDoesNotMatch', 403]);
    const put = await wrong
      .send(new PutObjectCommand({ Bucket: Bucket(), Key: 'x', Body: 'x' }))
      .catch((e) => e);
    expect(statusOf(put)).toBe(403);
    wrong.destroy();
    const stranger = clientWith(s3.secretAccessKey, 'AKIAUNKNOWN');
    const unknown = await stranger.send(new HeadBucketCommand({ Bucket: Bucket() })).catch((e) => e);
    expect(statusOf(unknown)).toBe(403);
    stranger.destroy();
    const anonymous = await fetch(`${s3.url}/${Bucket()}/materiales/guia.pdf`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
  });
});
