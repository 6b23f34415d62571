import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertMediaKey, assertVisibility, visibilityOf } from './mediaKey';
import {
  type ByteRange,
  keyOfPublicMediaUrl,
  type MediaInfo,
  type MediaStorage,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  type PutOptions,
  publicMediaUrl,
} from './mediaStorage';

export interface S3Settings {
  bucket: string;
  /** Empty: AWS itself; else an S3-compatible service (MinIO, R2, Spaces…). */
  endpoint: string;
  region: string;
  /** Both empty: the SDK's default credentials (environment, profile, instance role). */
  accessKeyId: string;
  secretAccessKey: string;
  /** `host/bucket/key` rather than `bucket.host/key`, which most self-hosted services need. */
  forcePathStyle: boolean;
}

/**
 * Objects in one bucket. Public keys are stored under `media/` and private ones under `private/`,
 * so a bucket policy can make `media/*` readable by anyone (FILES_URL pointing at the bucket or a
 * CDN in front of it then serves `/media/<key>`, the path this server serves too) while private
 * objects stay readable only with the server's credentials. No object gets an ACL: many buckets
 * refuse ACLs, and a policy by prefix cannot forget one object.
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly filesUrl = '',
  ) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    });
  }

  /** Start-up check, so a wrong bucket or key stops the server at once rather than the first upload. */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : '';
      throw new Error(`the bucket cannot be reached at ${this.settings.endpoint || 'AWS'}: ${error instanceof Error ? error.message || error.name : String(error)}${status}`);
    }
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions): Promise<void> {
    assertVisibility(key, options.visibility);
    // Multipart for a stream: parts of 5 MB, four in flight, so memory holds about 20 MB whatever the size.
    await new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: objectKey(key),
        Body: body,
        ContentType: options.contentType,
        CacheControl: options.visibility === 'public' ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
      },
    }).done();
  }

  async stat(key: string): Promise<MediaInfo | null> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: objectKey(key) })).catch(missingAsNull);
    if (!head) return null;
    return {
      size: head.ContentLength ?? 0,
      contentType: head.ContentType ?? 'application/octet-stream',
      etag: head.ETag ?? '""',
      lastModified: head.LastModified ?? new Date(0),
    };
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const object = await this.client
      .send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
      .catch(missingAsNull);
    if (!object) return null;
    if (!(object.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a Node stream`);
    return object.Body;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: objectKey(key) }));
  }

  publicUrl(key: string): string {
    return publicMediaUrl(this.filesUrl, key);
  }

  keyOfPublicUrl(url: string): string | null {
    return keyOfPublicMediaUrl(this.filesUrl, url);
  }

  /**
   * Nothing here to sweep: a streamed put that fails aborts its multipart upload (lib-storage), and
   * the parts of one whose process was killed are removed by the bucket's lifecycle rule for
   * incomplete multipart uploads (see *Running several servers*).
   */
  async sweepAbandoned(): Promise<number> {
    return 0;
  }

  close(): void {
    this.client.destroy();
  }
}

function objectKey(key: string): string {
  assertMediaKey(key);
  return visibilityOf(key) === 'private' ? key : `media/${key}`;
}

function missingAsNull(error: unknown): null {
  if (error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return null;
  throw error;
}
