import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { isObjectKey } from './keys.js';
import type { PartialObjects, PartialWriter } from './partial-objects.js';

/** S3 refuses parts under 5 MiB, except the last. */
const MIN_PART = 5 * 1024 * 1024;
/** A part goes out once this much is buffered: memory per writer stays near it. */
const PART_SIZE = 8 * 1024 * 1024;
/**
 * Where the bytes that do not yet fill a part wait between requests, named
 * after their object (`partials/<object key>/<random>`): the object's lease
 * tells whether a tail may still be needed.
 */
const TAIL_PREFIX = 'partials/';

const tailKeyOf = (Key: string) => `${TAIL_PREFIX}${Key}/${randomUUID()}`;

/** The object a tail belongs to; undefined for a name that is not a tail's. */
function objectOfTail(tail: string): string | undefined {
  const key = tail.slice(TAIL_PREFIX.length, tail.lastIndexOf('/'));
  return tail.startsWith(TAIL_PREFIX) && isObjectKey(key) ? key : undefined;
}

interface S3PartialState {
  uploadId: string;
  parts: { number: number; etag: string }[];
  /** Bytes after the last part, kept as an object of their own until a part can take them. */
  tail: { key: string; size: number } | null;
}

async function readAll(body: Readable, size: number): Promise<Buffer> {
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for await (const chunk of body) {
    (chunk as Buffer).copy(out, at);
    at += (chunk as Buffer).length;
  }
  return out.subarray(0, at);
}

/**
 * On S3 an unfinished object is a multipart upload. Bytes are buffered into
 * parts of PART_SIZE; at a checkpoint, what does not fill a part of the
 * minimum size is stored as a small "tail" object and taken back into the
 * buffer by the next request, so a request may stop at any byte. Completing
 * sends the tail as the last part and completes the multipart upload: no
 * byte is copied.
 */
export function createS3PartialObjects(client: S3Client, Bucket: string): PartialObjects {
  const parse = (state: string) => JSON.parse(state) as S3PartialState;

  async function deleteQuietly(Key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => undefined);
  }

  async function uploadPart(Key: string, state: S3PartialState, body: Buffer): Promise<void> {
    const number = state.parts.length + 1;
    const res = await client.send(new UploadPartCommand({ Bucket, Key, UploadId: state.uploadId, PartNumber: number, Body: body, ContentLength: body.length }));
    state.parts.push({ number, etag: res.ETag ?? '' });
  }

  async function readTail(state: S3PartialState): Promise<Buffer> {
    if (!state.tail) return Buffer.alloc(0);
    const res = await client.send(new GetObjectCommand({ Bucket, Key: state.tail.key }));
    return readAll(res.Body as Readable, state.tail.size);
  }

  return {
    async start(Key) {
      const res = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
      const state: S3PartialState = { uploadId: res.UploadId!, parts: [], tail: null };
      return JSON.stringify(state);
    },

    async resume(Key, saved): Promise<PartialWriter> {
      const state = parse(saved);
      let buffered: Buffer[] = [await readTail(state)];
      let bufferedBytes = buffered[0]!.length;
      /** Every tail this request took up or stored: those the saved state does not name go at the end. */
      const tails = new Set(state.tail ? [state.tail.key] : []);
      const flushPart = async () => {
        const body = Buffer.concat(buffered);
        buffered = [];
        bufferedBytes = 0;
        await uploadPart(Key, state, body);
      };
      return {
        async write(chunk) {
          buffered.push(chunk);
          bufferedBytes += chunk.length;
          if (bufferedBytes >= PART_SIZE) await flushPart();
          // The tail's bytes went out with a part.
          if (bufferedBytes === 0) state.tail = null;
        },
        async checkpoint() {
          if (bufferedBytes >= MIN_PART) await flushPart();
          state.tail = null;
          if (bufferedBytes > 0) {
            const body = Buffer.concat(buffered);
            buffered = [body];
            const key = tailKeyOf(Key);
            tails.add(key);
            await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length }));
            state.tail = { key, size: body.length };
          }
          // The parts and the tail are stored once they are sent: durable with the first step.
          return { durable: Promise.resolve(JSON.stringify(state)) };
        },
        async close(kept) {
          buffered = [];
          const keep = parse(kept).tail?.key;
          await Promise.all([...tails].filter((key) => key !== keep).map(deleteQuietly));
        },
      };
    },

    async complete(Key, saved) {
      const state = parse(saved);
      if (state.tail || state.parts.length === 0) await uploadPart(Key, state, await readTail(state));
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId: state.uploadId,
          MultipartUpload: { Parts: state.parts.map((p) => ({ PartNumber: p.number, ETag: p.etag })) },
        }),
      );
      if (state.tail) await deleteQuietly(state.tail.key);
    },

    // Failures are left to maintenance: the multipart upload to abortStaleUploads, the tail to sweep().
    async abort(Key, saved) {
      const state = parse(saved);
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: state.uploadId })).catch(() => undefined);
      if (state.tail) await deleteQuietly(state.tail.key);
    },

    async sweep(before, leased) {
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: TAIL_PREFIX, ContinuationToken: token }));
        const old = (page.Contents ?? []).flatMap((o) => {
          const object = o.Key && (o.LastModified?.getTime() ?? 0) < before ? objectOfTail(o.Key) : undefined;
          return object ? [{ tail: o.Key!, object }] : [];
        });
        const alive = await leased(old.map((o) => o.object));
        for (const { tail, object } of old) {
          if (alive.has(object)) continue;
          await client.send(new DeleteObjectCommand({ Bucket, Key: tail }));
          removed += 1;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return removed;
    },
  };
}
