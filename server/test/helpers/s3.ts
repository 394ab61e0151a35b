import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import S3rver from 's3rver';

export interface TestS3 {
  /** Env for Vault to use this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3 wire-protocol server on loopback, with one empty bucket. */
export async function startS3(bucket = 'vault'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-s3-'));
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
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
    async close() {
      (s3rver as unknown as { httpServer: Server }).httpServer.closeAllConnections();
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
