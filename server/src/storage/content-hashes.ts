import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createSHA256, type IHasher } from 'hash-wasm';
import { StreamHash } from './hash-thread.js';
import { HEAD_BYTES } from './ingest.js';

/** A running SHA-256. */
interface Sha256 {
  /** Takes `bytes`, which must not change afterwards; a promise when the caller must wait before the next. */
  update(bytes: Buffer): Promise<void> | undefined | void;
  /** Lower-case hex; the hash takes no more bytes afterwards. */
  digest(): string | Promise<string>;
}

/** A running SHA-256 that answers at once (the head's: a MiB at most). */
interface SyncSha256 {
  update(bytes: Buffer): void;
  digest(): string;
}

/**
 * The SHA-256 of a content and of its first HEAD_BYTES, as its bytes arrive
 * in order. `size` counts the bytes taken.
 */
export class ContentHashes<S extends Sha256 = Sha256, H extends SyncSha256 = SyncSha256> {
  constructor(
    readonly sha: S,
    readonly headSha: H,
    public headHash: string | null,
    public size: number,
  ) {}

  /** Takes `chunk`, which must not change afterwards; a promise when the caller must wait before the next. */
  update(chunk: Buffer): Promise<void> | undefined | void {
    const waiting = this.sha.update(chunk);
    if (this.headHash === null) {
      const part = chunk.subarray(0, HEAD_BYTES - this.size);
      this.headSha.update(part);
      if (this.size + part.length === HEAD_BYTES) this.headHash = this.headSha.digest();
    }
    this.size += chunk.length;
    return waiting;
  }

  async finish(): Promise<{ hash: string; headHash: string | null }> {
    return { hash: await this.sha.digest(), headHash: this.headHash };
  }
}

const nodeSha256 = (): SyncSha256 => {
  const hash = createHash('sha256');
  return { update: (bytes) => void hash.update(bytes), digest: () => hash.digest('hex') };
};

const threadSha256 = (): Sha256 => {
  const hash = new StreamHash();
  return { update: (bytes) => hash.update(bytes), digest: () => hash.digest() };
};

/**
 * Hashes with Node's crypto (the CPU's SHA instructions where it has them;
 * past the first MiB on the hashing thread, see hash-thread.ts), whose state
 * cannot be saved: a request that resumes an upload takes it over from the
 * process that kept it (HashCache), or hashes the bytes stored so far once
 * more.
 */
export const nodeHashes = (): ContentHashes => new ContentHashes(threadSha256(), nodeSha256(), null, 0);

/** Hashes `stored` (the first bytes of a content, `size` of them) with Node's crypto. */
export async function rehashed(stored: Readable, size: number): Promise<ContentHashes> {
  const hashes = nodeHashes();
  for await (const chunk of stored) await hashes.update(chunk as Buffer);
  if (hashes.size !== size) throw new Error(`The stored upload has ${hashes.size} bytes where ${size} were saved`);
  return hashes;
}

type WasmSha256 = SyncSha256 & { state(): string };

async function wasmSha256(saved: string | undefined): Promise<WasmSha256> {
  const hasher: IHasher = await createSHA256();
  if (saved) hasher.load(Buffer.from(saved, 'base64'));
  else hasher.init();
  return { update: (bytes) => void hasher.update(bytes), digest: () => hasher.digest('hex'), state: () => Buffer.from(hasher.save()).toString('base64') };
}

/** hash-wasm's states, base64; the head's while its bytes still arrive. */
export interface SavedHashes {
  sha: string;
  headSha: string;
  headHash: string | null;
  size: number;
}

/**
 * Hashes with hash-wasm, whose state is saved with the upload and taken up
 * by any instance: for stores that cannot read an unfinished object back.
 * Several times slower than Node's crypto.
 */
export async function wasmHashes(saved: SavedHashes | undefined): Promise<ContentHashes<WasmSha256, WasmSha256>> {
  const head = saved?.headHash === null ? saved.headSha : undefined;
  return new ContentHashes(await wasmSha256(saved?.sha), await wasmSha256(head), saved?.headHash ?? null, saved?.size ?? 0);
}

export function savedWasmHashes(hashes: ContentHashes<WasmSha256, WasmSha256>): SavedHashes {
  return { sha: hashes.sha.state(), headSha: hashes.headHash === null ? hashes.headSha.state() : '', headHash: hashes.headHash, size: hashes.size };
}
