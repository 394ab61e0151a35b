/**
 * Why the storage engine refused bytes. The engine knows nothing of users or
 * of HTTP; the domain turns each kind into its own error, with the sentence
 * the user sees.
 */
export type StorageErrorKind =
  /** The stream ran past the largest file accepted (`limitBytes`). */
  | 'too_large'
  /** The stream ran past the bytes its owner may still add (`limitBytes`). */
  | 'over_budget'
  /** The name's extension is not one of the accepted ones (`extension`, '' when there is none). */
  | 'extension_not_accepted'
  /** The bytes are not what the extension says. */
  | 'content_mismatch';

export class StorageError extends Error {
  constructor(
    readonly kind: StorageErrorKind,
    readonly particulars: { limitBytes?: number; extension?: string } = {},
  ) {
    super(`storage refused the content: ${kind}`);
    this.name = 'StorageError';
  }
}
