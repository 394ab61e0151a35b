/**
 * What the storage engine and the domain report as they work, for metrics.
 * They call it without knowing whether anything listens; the server passes
 * the Prometheus instruments when metrics are on, `silentObserver` otherwise.
 */
export interface Observer {
  /** A file's bytes were stored (new content or not), taking `seconds` from first to last byte. */
  uploaded(bytes: number, seconds: number): void;
  /** An upload's content was already stored: its copy is dropped and `bytesSaved` not stored again. */
  deduplicated(bytesSaved: number): void;
  /** A download (or range of one) sent `bytes` in `seconds`, to its end or until the client left. */
  downloaded(bytes: number, seconds: number): void;
  /** A maintenance round ran and removed this many objects. */
  collected(objects: number): void;
}

export const silentObserver: Observer = {
  uploaded: () => undefined,
  deduplicated: () => undefined,
  downloaded: () => undefined,
  collected: () => undefined,
};
