import { TextDecoder } from 'node:util';
import { createSHA256, type IHasher } from 'hash-wasm';
import type { KnownExtension } from '@vault/contract';
import { SNIFF_BYTES, isTextExtension, sniffedMime } from './content-rules.js';
import { StorageError } from './errors.js';
import { HEAD_BYTES } from './ingest.js';

/** What must survive between the requests of a resumable upload, as JSON. */
interface SavedInspection {
  /** hash-wasm's SHA-256 state, base64. */
  sha: string;
  /** The SHA-256 state over the first HEAD_BYTES while they arrive, then their hash (hex). */
  headSha: string;
  headHash: string | null;
  size: number;
  /** The leading bytes, until there are enough to sniff the type. */
  head: string;
  mime: string | null;
  /** Text only: the bytes of a UTF-8 sequence cut by the end of the last request. */
  pending: string;
}

/** How many bytes at the end of `tail` start a UTF-8 sequence that is not complete yet. */
function incompleteUtf8(tail: Buffer): number {
  for (let back = 1; back <= Math.min(3, tail.length); back++) {
    const byte = tail[tail.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * The same checks as a one-pass upload (content type sniffed from the leading
 * bytes, text that is UTF-8 without NUL, SHA-256 of everything), made
 * incrementally over the requests of a resumable upload: its state is saved
 * with the offset and taken up by whichever instance receives the next bytes,
 * so no byte is read twice. The text check keeps a cut multi-byte sequence.
 */
export class ResumableInspection {
  private decoder: TextDecoder | undefined;
  private last: Buffer = Buffer.alloc(0);

  private constructor(
    private readonly ext: KnownExtension,
    private readonly sha: IHasher,
    private readonly headSha: IHasher,
    private headHash: string | null,
    private size: number,
    private head: Buffer,
    private mime: string | null,
  ) {
    if (isTextExtension(ext)) this.decoder = new TextDecoder('utf-8', { fatal: true });
  }

  static async start(ext: KnownExtension): Promise<ResumableInspection> {
    const [sha, headSha] = await Promise.all([createSHA256(), createSHA256()]);
    sha.init();
    headSha.init();
    return new ResumableInspection(ext, sha, headSha, null, 0, Buffer.alloc(0), null);
  }

  static async resume(ext: KnownExtension, saved: string): Promise<ResumableInspection> {
    const state = JSON.parse(saved) as SavedInspection;
    const [sha, headSha] = await Promise.all([createSHA256(), createSHA256()]);
    sha.load(Buffer.from(state.sha, 'base64'));
    if (state.headHash === null) headSha.load(Buffer.from(state.headSha, 'base64'));
    const inspection = new ResumableInspection(ext, sha, headSha, state.headHash, state.size, Buffer.from(state.head, 'base64'), state.mime);
    const pending = Buffer.from(state.pending, 'base64');
    inspection.checkText(pending, false);
    inspection.last = pending;
    return inspection;
  }

  /** Takes the next bytes; throws a content_mismatch StorageError as soon as the content shows it is not what its name says. */
  async update(chunk: Buffer): Promise<void> {
    this.sha.update(chunk);
    if (this.headHash === null) {
      const part = chunk.subarray(0, HEAD_BYTES - this.size);
      this.headSha.update(part);
      if (this.size + part.length === HEAD_BYTES) this.headHash = this.headSha.digest('hex');
    }
    this.size += chunk.length;
    this.checkText(chunk, false);
    this.last = chunk.length >= 3 ? chunk.subarray(chunk.length - 3) : Buffer.concat([this.last, chunk]).subarray(-3);
    if (this.mime !== null) return;
    this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
    if (this.head.length >= SNIFF_BYTES) await this.sniff();
  }

  save(): string {
    const pending = this.decoder ? this.last.subarray(this.last.length - incompleteUtf8(this.last)) : Buffer.alloc(0);
    const state: SavedInspection = {
      sha: Buffer.from(this.sha.save()).toString('base64'),
      headSha: this.headHash === null ? Buffer.from(this.headSha.save()).toString('base64') : '',
      headHash: this.headHash,
      size: this.size,
      head: this.mime === null ? this.head.toString('base64') : '',
      mime: this.mime,
      pending: pending.toString('base64'),
    };
    return JSON.stringify(state);
  }

  /** After the last byte: the content's hashes and type, or a content_mismatch StorageError. */
  async finish(): Promise<{ hash: string; headHash: string | null; mime: string }> {
    this.checkText(undefined, true);
    if (this.mime === null) await this.sniff();
    return { hash: this.sha.digest('hex'), headHash: this.headHash, mime: this.mime! };
  }

  private async sniff(): Promise<void> {
    this.mime = await sniffedMime(this.ext, this.head);
    this.head = Buffer.alloc(0);
  }

  private checkText(chunk: Buffer | undefined, final: boolean): void {
    if (!this.decoder) return;
    if (chunk?.includes(0)) throw new StorageError('content_mismatch');
    try {
      this.decoder.decode(chunk, { stream: !final });
    } catch {
      throw new StorageError('content_mismatch');
    }
  }
}
