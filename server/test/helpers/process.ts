import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout so far (JSON log lines). */
  logs(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs the real server entry point in its own process (TypeScript sources through tsx). */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  let out = '';
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      // Searched for until found only: the log grows by a line per request.
      const match = listening ? null : /"msg":"Server listening at (http:\/\/[^"]+)"/.exec(out);
      if (match) {
        listening = true;
        resolve(match[1]!);
      }
    });
    void exited.then((code) => reject(new Error(`server exited (${code}): ${stderr}`)));
  });
  return {
    url,
    child,
    exited,
    logs: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
