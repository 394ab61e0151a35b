import * as tus from 'tus-js-client';
import { FILE_ID_HEADER, RESUMABLE_UPLOADS_PATH, errorResponseSchema, type OnConflict } from '@vault/contract';
import { readToken } from '../session/storage';
import { i18n } from '../i18n';
import { failedResponse } from './client';

export interface ResumableOptions {
  isPublic: boolean;
  folderId: number | null;
  tags: string[];
  /** When the folder already holds a file of this name; the server refuses the clash unless told otherwise. */
  onConflict?: OnConflict;
}

export interface ResumableCallbacks {
  onProgress(sent: number, total: number): void;
  onSuccess(fileId: number): void;
  /** A failure that retrying with back-off did not cure; `status` 0 when the server could not be reached. */
  onError(message: string, status: number): void;
}

/**
 * Each PATCH carries at most this much: a proxy that caps request bodies (100 MB
 * on Cloudflare's free plan) never sees a larger one, and a broken connection
 * costs at most one chunk's resend beyond what the server kept.
 */
const CHUNK_BYTES = 50 * 1024 * 1024;
/** Network failures and 409/423 answers are retried after these pauses; then the file shows Retry. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

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
  return { message: parsed.success ? parsed.data.error : i18n.t('upload:uploadFailed'), status: response.getStatus() };
}

/**
 * One file sent resumably (tus) to /api/uploads. The browser remembers each
 * upload's address under the file's fingerprint (name, type, size, last
 * change), so choosing the same file again after a reload or a closed tab
 * goes on where the server stands instead of starting over.
 */
export class ResumableUpload {
  private readonly upload: tus.Upload;

  constructor(file: File, options: ResumableOptions, callbacks: ResumableCallbacks) {
    this.upload = new tus.Upload(file, {
      endpoint: RESUMABLE_UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: file.name,
        is_public: String(options.isPublic),
        folder_id: options.folderId === null ? '' : String(options.folderId),
        tags: JSON.stringify(options.tags),
        on_conflict: options.onConflict ?? 'fail',
      },
      // The token may be renewed while a long upload runs: each request takes the current one.
      onBeforeRequest: (req) => {
        const token = readToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent, total) => callbacks.onProgress(sent, total),
      onSuccess: ({ lastResponse }) => callbacks.onSuccess(Number(lastResponse.getHeader(FILE_ID_HEADER))),
      onError: (error) => {
        const { message, status } = failureOf(error);
        // An ended session ends here as on every other call.
        if (status === 401) failedResponse(401, null, readToken());
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
