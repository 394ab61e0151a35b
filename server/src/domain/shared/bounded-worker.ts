import { Worker } from 'node:worker_threads';

export interface WorkerBounds {
  /** The job is given up after this long; the worker is stopped wherever it is. */
  timeoutMs: number;
  /** The worker's JavaScript heap. */
  heapMb: number;
  /** What the job is, for the messages of its failures ("draw", "read"). */
  doing: string;
}

/**
 * Runs a worker thread on `data` and resolves with the first message it posts.
 * The heap is bounded, the time too, and the worker is terminated however it
 * ends, so a slow or hostile document never holds up the server. The data's
 * buffer is handed over, not copied.
 */
export function runBoundedWorker<T>(url: URL, data: { data: Uint8Array }, bounds: WorkerBounds): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: data,
      transferList: [data.data.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: bounds.heapMb, maxYoungGenerationSizeMb: 32 },
      // pdfjs's complaints about a damaged document are no server log lines.
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(`The PDF took more than ${bounds.timeoutMs / 1000} s to ${bounds.doing}`))), bounds.timeoutMs);
    worker.once('message', (result: T) => settle(() => resolve(result)));
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`The PDF worker stopped before it could ${bounds.doing} (exit code ${code})`))));
  });
}
