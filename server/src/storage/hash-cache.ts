import type { ContentHashes } from './content-hashes.js';

/** Far more than the unfinished uploads one process ever writes to at a time; each entry is a few hundred bytes. */
const MAX_ENTRIES = 10_000;

/**
 * The running hashes of the resumable uploads whose last request this
 * process received, kept in memory so that the next request reaching it
 * takes them up instead of hashing the stored bytes again. An entry is
 * taken out for the length of a request and put back only once the request
 * saved exactly the bytes it hashed; the oldest go first.
 */
export class HashCache {
  private readonly entries = new Map<string, ContentHashes>();

  /** Takes out the hashes of upload `id` if they cover exactly its first `offset` bytes. */
  take(id: string, offset: number): ContentHashes | undefined {
    const hashes = this.entries.get(id);
    this.entries.delete(id);
    return hashes?.size === offset ? hashes : undefined;
  }

  /** Keeps the hashes of upload `id`, which cover exactly the bytes saved. */
  keep(id: string, hashes: ContentHashes): void {
    this.entries.delete(id);
    this.entries.set(id, hashes);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
