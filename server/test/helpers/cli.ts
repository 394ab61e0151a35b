import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Builds the server (incremental: nothing to do when dist is current) so that tests run the shipped CLI. */
export function buildServer(): void {
  execFileSync(path.join(serverRoot, '../node_modules/.bin/tsc'), ['-b', serverRoot]);
}

/** The built command line, as an operator runs it against an installation (`node server/dist/cli.js`). */
export function runCli(args: string[], env: Record<string, string>, stdin = ''): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(serverRoot, 'dist/cli.js'), ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.end(stdin);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
