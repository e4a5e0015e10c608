// The file store in an S3-compatible bucket (AWS S3, MinIO, Garage, Scaleway, OVH…), chosen when S3_BUCKET is
// set (server/files/openStorage.ts). Keys are the same as on disk (area/uuid.ext). Uploads still arrive in a
// local temp file (checked, typed, an STL converted) and are then streamed to the bucket by lib-storage's
// multipart Upload, a few parts of 8 MiB in flight: never the whole file in memory. Reads ask the bucket for
// the range the client asked for; sizes and ETags come from HeadObject (docs/uploads.md, "Where files live").
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

import {
  type ByteRange,
  DiskStorage,
  type FileStorage,
  KEY,
  type LocalCopy,
  newKey,
  type StoredStat,
  sweepable,
} from './storage';

export interface S3Settings {
  bucket: string;
  /** S3_ENDPOINT: the service's URL; AWS's own when absent. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (endpoint/bucket/key): what MinIO, Garage and most self-hosted services expect. */
  forcePathStyle: boolean;
}

/** Part size of the multipart upload; with QUEUE parts in flight, an upload holds at most 16 MiB. */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;
/** Keys per ListObjectsV2 page (S3's own maximum). */
const LIST_PAGE = 1000;

export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  /** Local staging: uploads arriving, conversions' outputs and copies for conversions (never kept). */
  private readonly local: DiskStorage;

  constructor(
    private readonly settings: S3Settings,
    stagingRoot: string,
    /** Keys per listing page: smaller in a test, so that the sweep's paging runs. */
    private readonly listPage = LIST_PAGE,
  ) {
    this.local = new DiskStorage(stagingRoot);
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: the SDK's default (CRC32 trailers on every upload) is refused
      // or stored wrongly by several S3-compatible services, and multipart parts carry their own checks.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  private get bucket(): string {
    return this.settings.bucket;
  }

  /** Throws when the bucket cannot be reached with these settings (checked once at start-up). */
  async verify(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async save(area: string, ext: string, data: Buffer): Promise<string> {
    const key = newKey(area, ext);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data }));
    return key;
  }

  tempPath(): Promise<string> {
    return this.local.tempPath();
  }

  async adopt(area: string, ext: string, temp: string): Promise<string> {
    const key = newKey(area, ext);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: fs.createReadStream(temp) },
      partSize: PART_BYTES,
      queueSize: QUEUE,
    });
    await upload.done();
    await fs.promises.rm(temp, { force: true });
    return key;
  }

  async stat(key: string | null | undefined): Promise<StoredStat | null> {
    if (!key || !KEY.test(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), etag: head.ETag ?? `"${key}"` };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string | null | undefined): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    if (!KEY.test(key)) throw new Error(`clé de fichier invalide : ${key}`);
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(range && { Range: `bytes=${range.start}-${range.end}` }),
      }),
    );
    return answer.Body as Readable;
  }

  async localCopy(key: string): Promise<LocalCopy | null> {
    let body: Readable;
    try {
      body = await this.read(key);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    const copy = await this.local.tempPath();
    try {
      await pipeline(body, fs.createWriteStream(copy, { mode: 0o600 }));
    } catch (err) {
      await fs.promises.rm(copy, { force: true });
      throw err;
    }
    return { path: copy, release: () => fs.promises.rm(copy, { force: true }) };
  }

  async remove(keys: Array<string | null | undefined>): Promise<void> {
    await Promise.all(
      keys
        .filter((k): k is string => !!k && KEY.test(k))
        .map((k) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: k }))),
    );
  }

  /** The local staging's temp files; an upload cut mid-way in the bucket is the bucket's lifecycle rule's. */
  sweepTemp(before?: number): Promise<string[]> {
    return this.local.sweepTemp(before);
  }

  async sweepOrphans(areas: string[], referenced: Set<string>, before = Infinity): Promise<string[]> {
    const removed: string[] = [];
    for (const area of areas) {
      let token: string | undefined;
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: `${area}/`,
            ContinuationToken: token,
            MaxKeys: this.listPage,
          }),
        );
        for (const { Key: key, LastModified: stored } of page.Contents ?? []) {
          if (!key) continue;
          const name = key.slice(area.length + 1);
          if (name.includes('/') || !sweepable(area, name) || referenced.has(key)) continue;
          if (before !== Infinity && !(stored && stored.getTime() < before)) continue;
          await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
          removed.push(key);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
    return removed;
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
