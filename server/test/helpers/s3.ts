import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import S3rver from 's3rver';

export interface TestS3 {
  /** Env for Vault to use this server. */
  env: Record<string, string>;
  /** What the bucket holds besides finished objects: unfinished multipart uploads (by key) and tails of unfinished objects. */
  leftovers(): { multipartUploads: string[]; tails: string[] };
  close(): Promise<void>;
}

/** Where s3rver keeps a bucket's unfinished multipart uploads: a directory each, named by upload id, holding the key and the parts. */
const uploadsDir = (directory: string, bucket: string) => path.join(directory, bucket, '._S3rver_uploads');

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/**
 * s3rver does not implement ListMultipartUploads nor AbortMultipartUpload;
 * Vault's cleanup relies on both, so this answers them over s3rver's own
 * record of unfinished uploads (path-style requests).
 */
function multipartUploadCalls(directory: string): KoaMiddleware {
  return async (ctx, next) => {
    const [, bucket, ...key] = ctx.path.split('/');
    if (!bucket) return next();
    const dir = uploadsDir(directory, bucket);
    if (ctx.method === 'DELETE' && key.length > 0 && typeof ctx.query.uploadId === 'string') {
      fs.rmSync(path.join(dir, path.basename(ctx.query.uploadId)), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && key.length === 0 && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const uploads = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
        .map((id) => ({ id, key: fs.readFileSync(path.join(dir, id, 'key'), 'utf8'), initiated: fs.statSync(path.join(dir, id)).mtime }))
        .filter((u) => u.key.startsWith(prefix));
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>` +
        uploads.map((u) => `<Upload><Key>${u.key}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`).join('') +
        '</ListMultipartUploadsResult>';
      return;
    }
    return next();
  };
}

/** Keys of the objects stored under `prefix`, from s3rver's files (`<key>._S3rver_object`). */
function objectsUnder(directory: string, bucket: string, prefix: string): string[] {
  const root = path.join(directory, bucket);
  const start = path.join(root, prefix);
  if (!fs.existsSync(start)) return [];
  return (fs.readdirSync(start, { recursive: true }) as string[])
    .filter((f) => f.endsWith('._S3rver_object'))
    .map((f) => path.relative(root, path.join(start, f)).replace(/\._S3rver_object$/, ''));
}

/** A real S3 wire-protocol server on loopback, with one empty bucket. */
export async function startS3(bucket = 'vault'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-s3-'));
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  // s3rver is a Koa application: its middleware runs in this order once it listens.
  (s3rver as unknown as { middleware: KoaMiddleware[] }).middleware.unshift(multipartUploadCalls(directory));
  const address = (await s3rver.run()) as AddressInfo;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    leftovers() {
      const dir = uploadsDir(directory, bucket);
      const multipartUploads = (fs.existsSync(dir) ? fs.readdirSync(dir) : []).map((id) => fs.readFileSync(path.join(dir, id, 'key'), 'utf8'));
      return { multipartUploads, tails: objectsUnder(directory, bucket, 'partials') };
    },
    async close() {
      (s3rver as unknown as { httpServer: Server }).httpServer.closeAllConnections();
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
