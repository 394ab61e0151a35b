import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import type { KnownExtension } from '@vault/contract';
import { ContentHashes, nodeHashes, rehashed, savedWasmHashes, wasmHashes, type SavedHashes } from './content-hashes.js';
import { SNIFF_BYTES, isTextExtension, sniffedMime } from './content-rules.js';
import { StorageError } from './errors.js';

/**
 * What must survive between the requests of a resumable upload, as JSON.
 * The hash states (`sha`, and `headSha` until the head's hash is known) are
 * hash-wasm's, base64, or empty where the next request takes the hashes up
 * without them (see HashSource).
 */
interface SavedInspection extends SavedHashes {
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
 * Where a request finds the hashes of the bytes before it.
 * - `saved`: hash-wasm's states, saved with the upload: for a store that
 *   cannot read an unfinished object back (S3).
 * - `node`: Node's crypto, several times faster, whose state cannot be
 *   saved: the hashes this process kept from the upload's last request when
 *   it received it (`kept`), or else the bytes stored so far hashed once more.
 */
export type HashSource = { kind: 'saved' } | { kind: 'node'; kept: ContentHashes | undefined; stored: () => Readable };

/**
 * The same checks as a one-pass upload (content type sniffed from the leading
 * bytes, text that is UTF-8 without NUL, SHA-256 of everything), made
 * incrementally over the requests of a resumable upload: its state is saved
 * with the offset and taken up by whichever instance receives the next bytes.
 * The text check keeps a cut multi-byte sequence.
 */
export class ResumableInspection {
  private decoder: TextDecoder | undefined;
  private last: Buffer = Buffer.alloc(0);

  private constructor(
    private readonly ext: KnownExtension,
    private readonly hashes: ContentHashes,
    /** Their states to save: hash-wasm's; none for Node's crypto. */
    private readonly savedHashes: (() => SavedHashes) | undefined,
    private head: Buffer,
    private mime: string | null,
  ) {
    if (isTextExtension(ext)) this.decoder = new TextDecoder('utf-8', { fatal: true });
  }

  /** The state of an upload before its first byte, whichever hash source its requests use. */
  static initial(ext: KnownExtension): string {
    return new ResumableInspection(ext, nodeHashes(), undefined, Buffer.alloc(0), null).save();
  }

  static async resume(ext: KnownExtension, saved: string, source: HashSource): Promise<ResumableInspection> {
    const state = JSON.parse(saved) as SavedInspection;
    const head = Buffer.from(state.head, 'base64');
    let inspection: ResumableInspection;
    if (source.kind === 'node') {
      const hashes = source.kept?.size === state.size ? source.kept : await rehashed(source.stored(), state.size);
      inspection = new ResumableInspection(ext, hashes, undefined, head, state.mime);
    } else {
      if (!state.sha && state.size > 0) throw new Error('The upload saved no hash state to resume from');
      const hashes = await wasmHashes(state.sha ? state : undefined);
      inspection = new ResumableInspection(ext, hashes, () => savedWasmHashes(hashes), head, state.mime);
    }
    const pending = Buffer.from(state.pending, 'base64');
    inspection.checkText(pending, false);
    inspection.last = pending;
    return inspection;
  }

  /** The running hashes, to be kept in memory for the next request: only those that cannot be saved need it. */
  get unsavedHashes(): ContentHashes | undefined {
    return this.savedHashes ? undefined : this.hashes;
  }

  /** Takes the next bytes; throws a content_mismatch StorageError as soon as the content shows it is not what its name says. */
  async update(chunk: Buffer): Promise<void> {
    await this.hashes.update(chunk);
    this.checkText(chunk, false);
    this.last = chunk.length >= 3 ? chunk.subarray(chunk.length - 3) : Buffer.concat([this.last, chunk]).subarray(-3);
    if (this.mime !== null) return;
    this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
    if (this.head.length >= SNIFF_BYTES) await this.sniff();
  }

  save(): string {
    const pending = this.decoder ? this.last.subarray(this.last.length - incompleteUtf8(this.last)) : Buffer.alloc(0);
    const state: SavedInspection = {
      ...(this.savedHashes?.() ?? { sha: '', headSha: '', headHash: this.hashes.headHash, size: this.hashes.size }),
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
    return { ...(await this.hashes.finish()), mime: this.mime! };
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
