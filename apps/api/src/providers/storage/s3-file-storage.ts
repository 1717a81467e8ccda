import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import { contentDisposition } from './content-disposition';
import type { FileStorage, ListedFile, SignedUrlOptions, StoredFile } from './file-storage';

type S3Settings = NonNullable<Config['storage']['s3']>;
type S3Sdk = typeof import('@aws-sdk/client-s3');
type Presigner = typeof import('@aws-sdk/s3-request-presigner');

/**
 * An S3-compatible bucket (AWS, MinIO, R2…). URLs are presigned GetObject requests that also make
 * the bucket answer with our content type and Spanish file name, so the browser behaves exactly as
 * with the local driver. The SDK is imported only here, when S3 is configured: it is large and
 * warns about Node versions as it loads.
 */
export class S3FileStorage implements FileStorage {
  readonly driver = 's3' as const;

  private constructor(
    private readonly sdk: S3Sdk,
    private readonly presigner: Presigner,
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  static async fromConfig(settings: S3Settings): Promise<S3FileStorage> {
    const [sdk, presigner] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/s3-request-presigner'),
    ]);
    const client = new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
    return new S3FileStorage(sdk, presigner, client, settings.bucket);
  }

  signedUrl(
    key: string,
    { filename, contentType, disposition, ttlSeconds }: SignedUrlOptions,
  ): Promise<string> {
    const command = new this.sdk.GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(disposition, filename),
      ResponseContentType: contentType,
    });
    return this.presigner.getSignedUrl(this.client, command, { expiresIn: ttlSeconds });
  }

  async ping(): Promise<void> {
    await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(2000),
    });
  }

  async readRange(
    key: string,
    start: number,
    end?: number,
  ): Promise<(StoredFile & { total: number }) | null> {
    try {
      const object = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: `bytes=${start}-${end ?? ''}`,
        }),
      );
      if (!object.Body) return null;
      // "bytes 0-99/1234"
      const total = Number(object.ContentRange?.split('/')[1] ?? object.ContentLength ?? 0);
      return { body: object.Body as Readable, size: object.ContentLength ?? 0, total };
    } catch (error) {
      if (error instanceof this.sdk.NoSuchKey) return null;
      // a range past the end of an empty or short object
      if ((error as { name?: string }).name === 'InvalidRange') return null;
      throw error;
    }
  }

  async read(key: string): Promise<StoredFile | null> {
    try {
      const object = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) return null;
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof this.sdk.NoSuchKey) return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<ListedFile[]> {
    const files: ListedFile[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        files.push({
          key: object.Key,
          size: object.Size ?? 0,
          lastModified: object.LastModified ?? new Date(0),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return files;
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of a missing key with 204 too.
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
