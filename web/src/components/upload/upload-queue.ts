import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { OnConflict } from '@vault/contract';
import { toast } from 'sonner';
import { i18n } from '../../i18n';
import { ensureFolderTree } from '../../api/folders';
import { invalidate } from '../../api/invalidation';
import { ResumableUpload, type ResumableOptions } from '../../api/uploads';
import { findClashes } from '../../api/versions';
import { onUserChange } from '../../session-state/user-change';
import { ContentHashes, workerHashing } from './content-hashes';

export type UploadStatus = 'pending' | 'queued' | 'uploading' | 'paused' | 'success' | 'error';

export interface UploadItem {
  key: string;
  file: File;
  /** The folder path inside a dropped or picked directory ("photos/2024"); '' for a single file. */
  dir: string;
  status: UploadStatus;
  sent: number;
  /** Bytes per second, smoothed; 0 until measured. */
  speed: number;
  /** The server's reason when the file was refused. */
  error?: string;
}

export interface QueueState {
  items: readonly UploadItem[];
  /** The last batch stored every file. */
  finished: boolean;
  /** A file whose name its folder already holds, waiting for the user's choice. */
  clash: ClashQuestion | null;
}

/** What to do with a file whose name is taken: a new version of the existing file, both kept, or not sent. */
export type ClashChoice = 'version' | 'rename' | 'skip';

export interface ClashQuestion {
  /** The file being uploaded. */
  name: string;
  /** The file already there (the same name, perhaps in another case). */
  existing: string;
  /** 1-based position among this batch's clashes. */
  index: number;
  total: number;
}

export interface ClashAnswer {
  choice: ClashChoice;
  /** The same choice for every clash still to come. */
  all: boolean;
}

/**
 * Files are sent one at a time, in the order chosen: more at once would only
 * share the same bandwidth, and the first of identical files stays the one
 * stored first.
 */
const PARALLEL = 1;
/** Weight of the newest sample in the speed estimate. */
const SPEED_SMOOTHING = 0.3;

interface Running {
  upload: ResumableUpload;
  sampledAt: number;
  sampledBytes: number;
}

/** What a batch was started with: where its files go, how, and whose they are. */
interface Settings {
  options: ResumableOptions;
  ownerId: number;
  queryClient: QueryClient;
}

/** A batch ready to send: its folders exist and its clashes are answered. */
interface Batch extends Settings {
  folders: Map<string, number | null>;
  /** What the user chose for each clashing file, by key; the others are refused on a clash. */
  conflicts: Map<string, OnConflict>;
}

const isReady = (batch: Settings | Batch): batch is Batch => 'folders' in batch;

let nextKey = 0;

/**
 * The upload queue lives above the pages, for the whole signed-in session:
 * uploads go on while the user moves around the app. Each file is sent
 * resumably; it can be paused, resumed and retried on its own.
 */
class UploadQueue {
  private state: QueueState = { items: [], finished: false, clash: null };
  private answer: ((answer: ClashAnswer | null) => void) | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly running = new Map<string, Running>();
  /**
   * Each file's batch, from the moment it is started: a resumed or retried
   * file is sent as its own batch said, whatever batches came before or since.
   * Only the settings while its folders and clashes are not settled, or could not be.
   */
  private readonly batches = new Map<string, Settings | Batch>();
  /** Aborted by reset(): the requests made for the session that ended stop, and their answers are ignored. */
  private session = new AbortController();

  constructor(private readonly hashes: ContentHashes) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.state;

  private set(next: Partial<QueueState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private update(key: string, change: Partial<UploadItem>): void {
    this.set({ items: this.state.items.map((i) => (i.key === key ? { ...i, ...change } : i)) });
  }

  add(files: readonly { file: File; dir: string }[]): void {
    const added = files.map(({ file, dir }): UploadItem => ({ key: String((nextKey += 1)), file, dir, status: 'pending', sent: 0, speed: 0 }));
    this.set({ items: [...this.state.items, ...added], finished: false });
    this.hashes.request(added.map((i) => i.file));
  }

  /** Keeps only the files `kept` holds: the others' hashing stops and their batches are forgotten. */
  private keepOnly(kept: (item: UploadItem) => boolean, change: Partial<QueueState> = {}): void {
    for (const item of this.state.items) {
      if (kept(item)) continue;
      this.hashes.forget(item.file);
      this.batches.delete(item.key);
    }
    this.set({ ...change, items: this.state.items.filter(kept) });
  }

  remove(key: string): void {
    this.keepOnly((i) => i.key !== key);
  }

  /** Forgets every file that is not being sent. */
  clear(): void {
    this.keepOnly((i) => this.running.has(i.key) || i.status === 'paused', { finished: false });
  }

  /**
   * Stops every upload and forgets every file, with any question about them:
   * the session they belong to ended (signed out, or another user signed in),
   * and nothing of it may be sent on the next user's behalf.
   */
  reset(): void {
    this.session.abort();
    this.session = new AbortController();
    for (const { upload } of this.running.values()) void upload.pause();
    this.running.clear();
    this.keepOnly(() => false, { finished: false });
    this.answerClash(null);
  }

  /** Sends every file that is ready or failed with these settings, recreating their folders first. */
  async start(options: ResumableOptions, ownerId: number, queryClient: QueryClient): Promise<void> {
    const waiting = this.state.items.filter((i) => i.status === 'pending' || i.status === 'error');
    if (waiting.length > 0) await this.prepare(waiting, { options, ownerId, queryClient });
  }

  /**
   * Recreates the files' folders and settles their clashes, then sends them as
   * one batch. Files this fails for show Retry, which comes back here with the
   * same settings.
   */
  private async prepare(items: readonly UploadItem[], settings: Settings): Promise<void> {
    const { signal } = this.session;
    const keys = new Set(items.map((i) => i.key));
    const marked = (change: Partial<UploadItem>) => ({ items: this.state.items.map((i) => (keys.has(i.key) ? { ...i, ...change } : i)) });
    for (const key of keys) this.batches.set(key, settings);
    this.set({ ...marked({ status: 'queued', error: undefined }), finished: false });
    let folders: Map<string, number | null>;
    try {
      folders = await ensureFolderTree(items.map((i) => i.dir).filter(Boolean), settings.options.folderId, settings.ownerId, signal);
    } catch {
      if (!signal.aborted) this.set(marked({ status: 'error', error: i18n.t('upload:queue.folderFailed') }));
      return;
    }
    const target = (item: UploadItem) => folders.get(item.dir) ?? settings.options.folderId;
    let conflicts: Map<string, OnConflict> | null;
    try {
      conflicts = await this.resolveClashes(items, target, signal);
    } catch {
      if (!signal.aborted) this.set(marked({ status: 'error', error: i18n.t('versions:clash.checkFailed') }));
      return;
    }
    if (signal.aborted) return;
    if (!conflicts) {
      // The user closed the question: nothing is sent, the files stay chosen, for a batch of their own.
      for (const key of keys) this.batches.delete(key);
      this.set(marked({ status: 'pending' }));
      return;
    }
    const batch: Batch = { ...settings, folders, conflicts };
    // Skipped files left the queue meanwhile.
    for (const key of keys) if (this.batches.has(key)) this.batches.set(key, batch);
    this.pump();
  }

  /**
   * Asks, for each file whose folder already holds its name (the server says
   * which), whether to replace it (a new version), keep both or skip the file;
   * "apply to all" answers the rest. Skipped files leave the queue. Null when
   * the user closed the question instead.
   */
  private async resolveClashes(waiting: readonly UploadItem[], target: (item: UploadItem) => number | null, signal: AbortSignal): Promise<Map<string, OnConflict> | null> {
    const byFolder = new Map<number | null, UploadItem[]>();
    for (const item of waiting) byFolder.set(target(item), [...(byFolder.get(target(item)) ?? []), item]);
    const clashing: { item: UploadItem; existing: string }[] = [];
    for (const [folderId, items] of byFolder) {
      const taken = new Map((await findClashes(folderId, items.map((i) => i.file.name), signal)).map((c) => [c.name, c.original_name]));
      for (const item of items) {
        const existing = taken.get(item.file.name);
        if (existing !== undefined) clashing.push({ item, existing });
      }
    }
    // A session that ended while the server answered asks its user nothing more.
    signal.throwIfAborted();
    const conflicts = new Map<string, OnConflict>();
    const skipped = new Set<string>();
    let forAll: ClashChoice | undefined;
    for (const [index, { item, existing }] of clashing.entries()) {
      let choice = forAll;
      if (!choice) {
        const answer = await this.ask({ name: item.file.name, existing, index: index + 1, total: clashing.length });
        if (!answer) return null;
        choice = answer.choice;
        if (answer.all) forAll = choice;
      }
      if (choice === 'skip') skipped.add(item.key);
      else conflicts.set(item.key, choice);
    }
    if (skipped.size > 0) this.keepOnly((i) => !skipped.has(i.key));
    return conflicts;
  }

  private ask(question: ClashQuestion): Promise<ClashAnswer | null> {
    return new Promise((resolve) => {
      this.answer = resolve;
      this.set({ clash: question });
    });
  }

  /** The user's choice for the clash on screen; null: they closed the question, and the upload does not start. */
  answerClash(answer: ClashAnswer | null): void {
    const resolve = this.answer;
    this.answer = undefined;
    this.set({ clash: null });
    resolve?.(answer);
  }

  pause(key: string): void {
    const running = this.running.get(key);
    if (!running) return;
    this.running.delete(key);
    void running.upload.pause();
    this.update(key, { status: 'paused', speed: 0 });
    this.pump();
  }

  /**
   * A paused or failed file goes back in line with the batch it was started
   * with; one whose folders or clashes could not be settled has them settled again.
   */
  resume(key: string): void {
    const item = this.state.items.find((i) => i.key === key);
    const batch = this.batches.get(key);
    if (!item || !batch) return;
    if (!isReady(batch)) return void this.prepare([item], batch);
    this.update(key, { status: 'queued', error: undefined });
    this.pump();
  }

  private pump(): void {
    for (const item of this.state.items) {
      if (this.running.size >= PARALLEL) break;
      const batch = this.batches.get(item.key);
      // Files still being prepared wait in line too, with no batch ready to send them yet.
      if (item.status === 'queued' && batch && isReady(batch)) this.send(item, batch);
    }
    this.settleIfDone();
  }

  private send(item: UploadItem, batch: Batch): void {
    const { key } = item;
    const options = { ...batch.options, folderId: batch.folders.get(item.dir) ?? batch.options.folderId, onConflict: batch.conflicts.get(key) ?? 'fail', sha256: this.hashes.take(item.file) };
    const upload = new ResumableUpload(item.file, options, {
      onProgress: (sent) => this.progress(key, sent),
      onSuccess: () => {
        this.running.delete(key);
        this.update(key, { status: 'success', sent: item.file.size, speed: 0 });
        void invalidate(batch.queryClient, 'filesUploaded');
        this.pump();
      },
      onError: (message) => {
        this.running.delete(key);
        this.update(key, { status: 'error', error: message, speed: 0 });
        this.pump();
      },
    });
    this.running.set(key, { upload, sampledAt: performance.now(), sampledBytes: item.sent });
    this.update(key, { status: 'uploading' });
    upload.start().catch(() => {
      this.running.delete(key);
      this.update(key, { status: 'error', error: i18n.t('upload:uploadFailed') });
      this.pump();
    });
  }

  private progress(key: string, sent: number): void {
    const running = this.running.get(key);
    if (!running) return;
    const now = performance.now();
    const seconds = (now - running.sampledAt) / 1000;
    const item = this.state.items.find((i) => i.key === key);
    if (!item || seconds < 0.25) return void this.update(key, { sent });
    const sample = Math.max(0, sent - running.sampledBytes) / seconds;
    running.sampledAt = now;
    running.sampledBytes = sent;
    this.update(key, { sent, speed: item.speed === 0 ? sample : item.speed + SPEED_SMOOTHING * (sample - item.speed) });
  }

  /** Once nothing is in line or on its way: a batch that stored everything is announced. */
  private settleIfDone(): void {
    const items = this.state.items;
    if (items.some((i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'paused')) return;
    const stored = items.filter((i) => i.status === 'success').length;
    if (stored === 0 && items.length > 0) {
      toast.error(items.find((i) => i.error)?.error ?? i18n.t('upload:uploadFailed'));
    } else if (stored === items.length && items.length > 0) {
      toast.success(i18n.t('upload:toast.uploaded'));
      this.set({ finished: true });
    } else if (stored > 0) {
      toast.warning(i18n.t('upload:toast.partial', { failed: items.length - stored, count: items.length }));
    }
  }
}

export const uploadQueue = new UploadQueue(new ContentHashes(workerHashing()));

// The queue outlives the pages, but not the session: another user never sees nor sends these files.
onUserChange(() => uploadQueue.reset());

export function useUploadQueue(): QueueState {
  return useSyncExternalStore(uploadQueue.subscribe, uploadQueue.snapshot);
}

/** Bytes sent over the files of the running batch (those not merely picked, nor failed). */
export function batchProgress(items: readonly UploadItem[]): { sent: number; total: number; left: number } {
  const batch = items.filter((i) => i.status !== 'pending' && i.status !== 'error');
  return {
    sent: batch.reduce((n, i) => n + (i.status === 'success' ? i.file.size : i.sent), 0),
    total: batch.reduce((n, i) => n + i.file.size, 0),
    left: batch.filter((i) => i.status !== 'success').length,
  };
}

/** Whether any file is being sent or waits its turn: leaving the app would stop it. */
export function isSending(items: readonly UploadItem[]): boolean {
  return items.some((i) => i.status === 'uploading' || i.status === 'queued');
}
