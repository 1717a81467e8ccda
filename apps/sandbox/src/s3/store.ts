import { createHash, randomBytes } from 'node:crypto';

/** What S3 keeps of one object. */
export interface StoredObject {
  body: Buffer;
  etag: string;
  lastModified: Date;
  contentType: string;
  /** x-amz-meta-* headers, names lowercased without the prefix */
  metadata: Record<string, string>;
  /** the x-amz-tagging header as given */
  tagging?: string;
}

export interface Part {
  body: Buffer;
  etag: string;
  lastModified: Date;
}

export interface MultipartUpload {
  uploadId: string;
  bucket: string;
  key: string;
  initiated: Date;
  contentType: string;
  metadata: Record<string, string>;
  tagging?: string;
  parts: Map<number, Part>;
}

/** S3's minimum part size: every part but the last must reach it (EntityTooSmall otherwise). */
export const minPartSize = 5 * 1024 * 1024;

export class S3Error extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly extra: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

export const md5Hex = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** Buckets, objects and multipart uploads in memory: a stand-in process holds them while it runs. */
export class BucketStore {
  private readonly buckets = new Map<string, Map<string, StoredObject>>();
  private readonly uploads = new Map<string, MultipartUpload>();

  constructor(
    bucketNames: string[],
    private readonly now: () => number = Date.now,
  ) {
    for (const name of bucketNames) this.buckets.set(name, new Map());
  }

  bucket(name: string): Map<string, StoredObject> {
    const bucket = this.buckets.get(name);
    if (!bucket) {
      throw new S3Error('NoSuchBucket', 404, 'The specified bucket does not exist', { BucketName: name });
    }
    return bucket;
  }

  get(bucketName: string, key: string): StoredObject {
    const object = this.bucket(bucketName).get(key);
    if (!object) throw new S3Error('NoSuchKey', 404, 'The specified key does not exist.', { Key: key });
    return object;
  }

  put(
    bucketName: string,
    key: string,
    body: Buffer,
    fields: Omit<StoredObject, 'body' | 'etag' | 'lastModified'>,
  ): StoredObject {
    const object: StoredObject = { ...fields, body, etag: `"${md5Hex(body)}"`, lastModified: this.date() };
    this.bucket(bucketName).set(key, object);
    return object;
  }

  /** Deleting a missing key is no error in S3. */
  delete(bucketName: string, key: string): void {
    this.bucket(bucketName).delete(key);
  }

  /** Keys in UTF-8 binary order, as S3 lists them. */
  keys(bucketName: string): string[] {
    return [...this.bucket(bucketName).keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  }

  createUpload(
    bucketName: string,
    key: string,
    fields: Pick<MultipartUpload, 'contentType' | 'metadata' | 'tagging'>,
  ): MultipartUpload {
    this.bucket(bucketName);
    const upload: MultipartUpload = {
      ...fields,
      uploadId: randomBytes(24).toString('base64url'),
      bucket: bucketName,
      key,
      initiated: this.date(),
      parts: new Map(),
    };
    this.uploads.set(upload.uploadId, upload);
    return upload;
  }

  upload(bucketName: string, key: string, uploadId: string): MultipartUpload {
    this.bucket(bucketName);
    const upload = this.uploads.get(uploadId);
    if (!upload || upload.bucket !== bucketName || upload.key !== key) {
      throw new S3Error(
        'NoSuchUpload',
        404,
        'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
        { UploadId: uploadId },
      );
    }
    return upload;
  }

  listUploads(bucketName: string): MultipartUpload[] {
    this.bucket(bucketName);
    return [...this.uploads.values()]
      .filter((upload) => upload.bucket === bucketName)
      .sort((a, b) =>
        a.key === b.key ? a.initiated.getTime() - b.initiated.getTime() : a.key < b.key ? -1 : 1,
      );
  }

  putPart(upload: MultipartUpload, partNumber: number, body: Buffer): Part {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
      throw new S3Error(
        'InvalidArgument',
        400,
        'Part number must be an integer between 1 and 10000, inclusive',
      );
    }
    const part: Part = { body, etag: `"${md5Hex(body)}"`, lastModified: this.date() };
    upload.parts.set(partNumber, part);
    return part;
  }

  /** Joins the listed parts into the object (S3's rules: ascending order, known ETags, 5 MiB but the last). */
  complete(upload: MultipartUpload, listed: { partNumber: number; etag: string }[]): StoredObject {
    if (listed.length === 0) {
      throw new S3Error(
        'MalformedXML',
        400,
        'The XML you provided was not well-formed or did not validate against our published schema',
      );
    }
    const parts: Part[] = [];
    listed.forEach(({ partNumber, etag }, index) => {
      const previous = listed[index - 1];
      if (previous && previous.partNumber >= partNumber) {
        throw new S3Error(
          'InvalidPartOrder',
          400,
          'The list of parts was not in ascending order. Parts must be ordered by part number.',
        );
      }
      const part = upload.parts.get(partNumber);
      const bare = (value: string) => value.replace(/^"|"$/g, '');
      if (!part || bare(part.etag) !== bare(etag)) {
        throw new S3Error(
          'InvalidPart',
          400,
          "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
          { UploadId: upload.uploadId, PartNumber: partNumber },
        );
      }
      if (index < listed.length - 1 && part.body.length < minPartSize) {
        throw new S3Error(
          'EntityTooSmall',
          400,
          'Your proposed upload is smaller than the minimum allowed object size.',
          {
            ProposedSize: part.body.length,
            MinSizeAllowed: minPartSize,
            PartNumber: partNumber,
          },
        );
      }
      parts.push(part);
    });
    const body = Buffer.concat(parts.map((part) => part.body));
    const digest = createHash('md5');
    for (const part of parts) digest.update(Buffer.from(part.etag.replace(/"/g, ''), 'hex'));
    const object: StoredObject = {
      body,
      etag: `"${digest.digest('hex')}-${parts.length}"`,
      lastModified: this.date(),
      contentType: upload.contentType,
      metadata: upload.metadata,
      tagging: upload.tagging,
    };
    this.bucket(upload.bucket).set(upload.key, object);
    this.uploads.delete(upload.uploadId);
    return object;
  }

  abort(upload: MultipartUpload): void {
    this.uploads.delete(upload.uploadId);
  }

  /** A stored object's age, for tests of clean-ups: sets its Last-Modified. */
  touch(bucketName: string, key: string, lastModified: Date): void {
    this.get(bucketName, key).lastModified = lastModified;
  }

  private date(): Date {
    // S3 keeps Last-Modified to the second in its headers; listings give milliseconds.
    return new Date(this.now());
  }
}
