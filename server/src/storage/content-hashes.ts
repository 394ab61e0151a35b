import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createSHA256, type IHasher } from 'hash-wasm';
import { ThreadedSha256 } from './hash-thread.js';

/** How much of the content the head hash covers: enough to tell files apart, early in the stream. */
export const HEAD_BYTES = 1024 * 1024;

/** A running SHA-256 of a content: `update` returns a promise when the caller should wait before it sends more. */
interface ContentSha256 {
  update(bytes: Buffer): Promise<unknown> | undefined;
  /** Lower-case hex; the hash takes no more bytes afterwards. */
  digest(): Promise<string>;
}

/** A running SHA-256 of the head: a MiB at most, hashed where it arrives. */
interface HeadSha256 {
  update(bytes: Buffer): void;
  digest(): string;
}

/**
 * The SHA-256 of a content and of its first HEAD_BYTES, as its bytes arrive
 * in order. `size` counts the bytes taken; `headHash` is known as soon as
 * HEAD_BYTES were taken.
 */
export class ContentHashes<S extends ContentSha256 = ContentSha256, H extends HeadSha256 = HeadSha256> {
  constructor(
    readonly sha: S,
    readonly headSha: H,
    public headHash: string | null,
    public size: number,
  ) {}

  /** A promise when the caller should wait for it before it sends more (see ThreadedSha256). */
  update(chunk: Buffer): Promise<unknown> | undefined {
    if (this.headHash === null) {
      const part = chunk.subarray(0, HEAD_BYTES - this.size);
      this.headSha.update(part);
      if (this.size + part.length === HEAD_BYTES) this.headHash = this.headSha.digest();
    }
    this.size += chunk.length;
    return this.sha.update(chunk);
  }

  async finish(): Promise<{ hash: string; headHash: string | null }> {
    return { hash: await this.sha.digest(), headHash: this.headHash };
  }
}

const nodeSha256 = (): HeadSha256 => {
  const hash = createHash('sha256');
  return { update: (bytes) => hash.update(bytes), digest: () => hash.digest('hex') };
};

/**
 * Hashes with Node's crypto (the CPU's SHA instructions where it has them),
 * the content on the hashing thread (ThreadedSha256). Its state cannot be
 * saved: a request that resumes an upload takes it over from the process
 * that kept it (HashCache), or hashes the bytes stored so far once more.
 */
export const nodeHashes = (): ContentHashes => new ContentHashes(new ThreadedSha256(), nodeSha256(), null, 0);

/** Hashes `stored` (the first bytes of a content, `size` of them) with Node's crypto. */
export async function rehashed(stored: Readable, size: number): Promise<ContentHashes> {
  const hashes = nodeHashes();
  for await (const chunk of stored) await hashes.update(chunk as Buffer);
  if (hashes.size !== size) throw new Error(`The stored upload has ${hashes.size} bytes where ${size} were saved`);
  return hashes;
}

type WasmSha256 = HeadSha256 & { state(): string };

async function wasmSha256(saved: string | undefined): Promise<WasmSha256> {
  const hasher: IHasher = await createSHA256();
  if (saved) hasher.load(Buffer.from(saved, 'base64'));
  else hasher.init();
  return { update: (bytes) => void hasher.update(bytes), digest: () => hasher.digest('hex'), state: () => Buffer.from(hasher.save()).toString('base64') };
}

/** hash-wasm's SHA-256 as a content's: it runs where the bytes arrive, so the caller never waits for it. */
const asContentSha = (sha: WasmSha256): ContentSha256 & { state(): string } => ({
  update: (bytes) => void sha.update(bytes),
  digest: async () => sha.digest(),
  state: () => sha.state(),
});

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
export async function wasmHashes(saved: SavedHashes | undefined): Promise<WasmHashes> {
  const head = saved?.headHash === null ? saved.headSha : undefined;
  return new ContentHashes(asContentSha(await wasmSha256(saved?.sha)), await wasmSha256(head), saved?.headHash ?? null, saved?.size ?? 0);
}

type WasmHashes = ContentHashes<ReturnType<typeof asContentSha>, WasmSha256>;

export function savedWasmHashes(hashes: WasmHashes): SavedHashes {
  return { sha: hashes.sha.state(), headSha: hashes.headHash === null ? hashes.headSha.state() : '', headHash: hashes.headHash, size: hashes.size };
}
