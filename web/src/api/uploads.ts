import * as tus from 'tus-js-client';
import { FILE_ID_HEADER, RESUMABLE_UPLOADS_PATH, errorResponseSchema, type OnConflict } from '@vault/contract';
import { MIB } from '../lib/bytes';
import { readToken } from '../session-state/storage';
import { i18n } from '../i18n';
import { localizeSaid } from '../lib/server-messages';
import { failedResponse } from './client';

export interface ResumableOptions {
  isPublic: boolean;
  folderId: number | null;
  tags: string[];
  /** When the folder already holds a file of this name; the server refuses the clash unless told otherwise. */
  onConflict?: OnConflict;
  /** The content's SHA-256 when known: content the user already stores then completes at creation. */
  sha256?: string;
}

export interface ResumableCallbacks {
  onProgress(sent: number, total: number): void;
  /** The file is stored; its id when the endpoint names it (a visitor's never does). */
  onSuccess(fileId: number | undefined): void;
  /** A failure that retrying with back-off did not cure; `status` 0 when the server could not be reached. */
  onError(message: string, status: number): void;
}

/**
 * Each PATCH carries at most this much: a proxy that caps request bodies (100 MB
 * on Cloudflare's free plan) never sees a larger one, and a broken connection
 * costs at most one chunk's resend beyond what the server kept.
 */
const CHUNK_BYTES = 50 * MIB;
/** Network failures and 409/423 answers are retried after these pauses; then the file shows Retry. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

/**
 * The creation was answered with a stored file (content the user already
 * has, or an empty file): nothing is left to send. Raised from the response
 * hook, this ends the upload before tus-js-client sends bytes or remembers it.
 */
class CompleteAtCreation extends Error {
  constructor(readonly fileId: number) {
    super('complete at creation');
  }
}

/**
 * tus-js-client's own rule (network failures, server errors, 409 and 423 are
 * retried while the browser is online), and 429: a visitor's calls share a
 * small per-address budget, and the pauses add up to more than its default window.
 * A full quota (507) is no passing fault: it is said at once, not after a minute of retries.
 */
function retryable(error: tus.DetailedError): boolean {
  if (error.causingError instanceof CompleteAtCreation) return false;
  const status = error.originalResponse?.getStatus() ?? 0;
  if (status === 507) return false;
  return (status < 400 || status >= 500 || status === 409 || status === 423 || status === 429) && navigator.onLine;
}

function failureOf(error: Error): { message: string; status: number } {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) return { message: i18n.t('upload:queue.unreachable'), status: 0 };
  let body: unknown;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    body = undefined;
  }
  const parsed = errorResponseSchema.safeParse(body);
  return { message: parsed.success ? localizeSaid(parsed.data) : i18n.t('upload:uploadFailed'), status: response.getStatus() };
}

/** Where a file goes resumably, and what travels with it. */
export interface TusTarget {
  /** The tus endpoint: uploads are created there. */
  endpoint: string;
  /** Upload-Metadata besides the file's name. */
  metadata: Record<string, string>;
  /** Headers for each request, taken anew each time (a session token may be renewed while a long upload runs). */
  headers(): Record<string, string>;
  /** Whether a 401 ends the user's session (a visitor has none). */
  signedIn: boolean;
}

const fileIdOf = (header: string | null | undefined) => (header ? Number(header) : undefined);

/**
 * One file sent resumably (tus) to a target. The browser remembers each
 * upload's address under the file's fingerprint (name, type, size, last
 * change, endpoint), so choosing the same file again after a reload or a
 * closed tab goes on where the server stands instead of starting over.
 */
export class TusUpload {
  private readonly upload: tus.Upload;

  constructor(file: File, target: TusTarget, callbacks: ResumableCallbacks) {
    this.upload = new tus.Upload(file, {
      endpoint: target.endpoint,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, ...target.metadata },
      onBeforeRequest: (req) => {
        for (const [name, value] of Object.entries(target.headers())) req.setHeader(name, value);
      },
      onAfterResponse: (req, res) => {
        const fileId = res.getHeader(FILE_ID_HEADER);
        if (req.getMethod() === 'POST' && fileId) throw new CompleteAtCreation(Number(fileId));
      },
      onShouldRetry: retryable,
      onProgress: (sent, total) => callbacks.onProgress(sent, total),
      // A completed upload's answer names its file, even when the client only learns of it by asking again.
      onSuccess: ({ lastResponse }) => callbacks.onSuccess(fileIdOf(lastResponse.getHeader(FILE_ID_HEADER))),
      onError: (error) => {
        const done = (error as tus.DetailedError).causingError;
        if (done instanceof CompleteAtCreation) {
          callbacks.onProgress(file.size, file.size);
          return callbacks.onSuccess(done.fileId);
        }
        const { message, status } = failureOf(error);
        // An ended session ends here as on every other call.
        if (status === 401 && target.signedIn) failedResponse(401, null, readToken());
        callbacks.onError(message, status);
      },
    });
  }

  /** Starts, or goes on from where the server stands when this file was sent before. */
  async start(): Promise<void> {
    const previous = await this.upload.findPreviousUploads();
    if (previous[0]) this.upload.resumeFromPreviousUpload(previous[0]);
    this.upload.start();
  }

  /** Stops sending; the server keeps what it has, and start() goes on from there. */
  pause(): Promise<void> {
    return this.upload.abort(false);
  }
}

/** One of the user's own files sent resumably to /api/uploads, signed in. */
export class ResumableUpload extends TusUpload {
  constructor(file: File, options: ResumableOptions, callbacks: ResumableCallbacks) {
    super(
      file,
      {
        endpoint: RESUMABLE_UPLOADS_PATH,
        metadata: {
          is_public: String(options.isPublic),
          folder_id: options.folderId === null ? '' : String(options.folderId),
          tags: JSON.stringify(options.tags),
          on_conflict: options.onConflict ?? 'fail',
          ...(options.sha256 && { sha256: options.sha256 }),
        },
        headers: (): Record<string, string> => {
          const token = readToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
        signedIn: true,
      },
      callbacks,
    );
  }
}
