import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ConfigError } from '@server/config.js';
import type { FileUrlSigner } from './url-signer.js';
import {
  ObjectExistsError,
  assertSafeKey,
  assertSafePrefix,
  contentTypeForKey,
  type Bucket,
  type ByteRange,
  type ObjectInfo,
  type PutOptions,
  type SignedUrl,
  type Storage,
  type StoredObject,
} from '@server/ports/storage.js';

export interface S3StorageOptions {
  /** s3://bucket or s3://bucket/prefix: every logical bucket is a folder under it. */
  storageUrl: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Checks files-route signatures: every bucket, results included, is otherwise read through presigned URLs. */
  signer: FileUrlSigner;
  now?: () => Date;
}

export function parseStorageUrl(storageUrl: string): { bucket: string; prefix: string } {
  const url = new URL(storageUrl);
  if (url.protocol !== 's3:' || !url.hostname) {
    throw new ConfigError([{ variable: 'STORAGE_URL', message: `must look like s3://bucket[/prefix] (got "${storageUrl}")` }]);
  }
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  return { bucket: url.hostname, prefix: prefix ? `${prefix}/` : '' };
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404);

/**
 * Any S3-compatible store (AWS, MinIO, R2, ...). One real bucket holds the three logical buckets as
 * top-level folders, so an operator creates and grants a single bucket. Signed URLs are S3 presigned GETs.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly now: () => Date;

  constructor(private readonly opts: S3StorageOptions) {
    const { bucket, prefix } = parseStorageUrl(opts.storageUrl);
    this.bucket = bucket;
    this.prefix = prefix;
    this.now = opts.now ?? (() => new Date());
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      ...(opts.accessKeyId && opts.secretAccessKey ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } } : {}),
    });
  }

  objectKey(bucket: Bucket, key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${bucket}/${key}`;
  }

  async put(bucket: Bucket, key: string, body: Buffer | Uint8Array | Readable, opts: PutOptions): Promise<ObjectInfo> {
    // PutObject needs a known length; results and uploads are bounded by the upload and pixel limits
    const bytes = body instanceof Readable ? await collect(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    try {
      const out = await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(bucket, key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: opts.contentType,
          CacheControl: opts.cacheControl,
          // conditional write: S3 refuses to replace an existing key (seed 001 §7.4 "no overwrite")
          ...(opts.overwrite ? {} : { IfNoneMatch: '*' }),
        }),
      );
      return { size: bytes.length, contentType: opts.contentType, etag: out.ETag ?? '""', lastModified: this.now() };
    } catch (err) {
      if (err instanceof S3ServiceException && (err.$metadata?.httpStatusCode === 412 || err.name === 'PreconditionFailed'))
        throw new ObjectExistsError(bucket, key);
      throw err;
    }
  }

  async head(bucket: Bucket, key: string): Promise<ObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(bucket, key) }));
      return {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? contentTypeForKey(key),
        etag: out.ETag ?? '""',
        lastModified: out.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async get(bucket: Bucket, key: string, opts: { range?: ByteRange } = {}): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(bucket, key),
          ...(opts.range ? { Range: `bytes=${opts.range.start}-${opts.range.end}` } : {}),
        }),
      );
      const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : (out.ContentLength ?? 0);
      return {
        body: out.Body as Readable,
        size: total,
        contentType: out.ContentType ?? contentTypeForKey(key),
        etag: out.ETag ?? '""',
        lastModified: out.LastModified ?? new Date(0),
        ...(opts.range ? { range: opts.range } : {}),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(bucket, key) }));
  }

  async deletePrefix(bucket: Bucket, prefix: string): Promise<number> {
    assertSafePrefix(prefix);
    const fullPrefix = `${this.prefix}${bucket}/${prefix}`;
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: fullPrefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      // DeleteObjects takes at most 1000 keys, which is also ListObjectsV2's page size
      if (keys.length > 0) {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        removed += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }

  async signUrl(bucket: Bucket, key: string, expiresInSeconds: number): Promise<SignedUrl> {
    const expiresIn = Math.max(1, Math.floor(expiresInSeconds));
    const signingDate = this.now();
    const url = await getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(bucket, key) }), { expiresIn, signingDate });
    return { url, expiresAt: new Date(signingDate.getTime() + expiresIn * 1000) };
  }

  verifyFileUrl(bucket: Bucket, key: string, exp: string | undefined, sig: string | undefined) {
    return this.opts.signer.verify(bucket, key, exp, sig);
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
