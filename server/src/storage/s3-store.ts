import { Transform, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.js';
import { streamSource, type ByteRange, type ObjectStore, type PutOptions } from './object-store.js';
import { isObjectKey } from './keys.js';
import { createS3PartialObjects } from './s3-partial.js';

/** Parts in flight per upload: memory stays near PART_SIZE x QUEUE_SIZE whatever the file size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

export function createS3ObjectStore(cfg: S3Config): ObjectStore {
  const client = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    ...(cfg.accessKeyId && cfg.secretAccessKey
      ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } }
      : {}),
  });
  const Bucket = cfg.bucket;
  // Some S3-compatible servers do not implement ListMultipartUploads: then there is nothing to clean.
  let canListUploads = true;
  const checked = (key: string) => {
    if (!isObjectKey(key)) throw new Error(`Malformed object key: ${key}`);
    return key;
  };
  const get = async (key: string, range?: ByteRange) => {
    const res = await client.send(
      new GetObjectCommand({ Bucket, Key: checked(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
    return res.Body as Readable;
  };

  return {
    async put(key: string, body: Readable, opts: PutOptions = {}) {
      checked(key);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          const hashing = opts.hashing?.update(chunk);
          if (!hashing) return done(null, chunk);
          hashing.then(() => done(null, chunk), done);
        },
      });
      body.on('error', (err) => counter.destroy(err));
      body.pipe(counter);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counter },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        body.destroy();
        // A single-part upload that failed after the PUT leaves nothing; be sure anyway.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw err;
      }
      return { key, size, durable: true };
    },

    // A completed S3 upload is durable already.
    async makeDurable() {},

    get,

    async open(key: string, range?: ByteRange) {
      return streamSource(await get(key, range));
    },

    async exists(key: string) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (err) {
        if ((err as { name?: string }).name === 'NotFound' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw err;
      }
    },

    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *listOlderThan(before: number) {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'objects/', ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key && isObjectKey(object.Key) && (object.LastModified?.getTime() ?? 0) < before) yield object.Key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    /** A crash mid-upload leaves a multipart upload: invisible to listings, but billed. */
    async abortStaleUploads(before: number, held: (keys: string[]) => Promise<Set<string>>) {
      if (!canListUploads) return 0;
      let aborted = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await client
          .send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'objects/', KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }))
          .catch((err: unknown) => {
            if ((err as { name?: string }).name !== 'NotImplemented') throw err;
            canListUploads = false;
            return undefined;
          });
        if (!page) return aborted;
        const stale = (page.Uploads ?? []).filter((u) => u.Key && u.UploadId && (u.Initiated?.getTime() ?? 0) < before);
        const alive = await held(stale.map((u) => u.Key!));
        for (const u of stale) {
          if (alive.has(u.Key!)) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }));
          aborted += 1;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return aborted;
    },

    partial: createS3PartialObjects(client, Bucket),

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
