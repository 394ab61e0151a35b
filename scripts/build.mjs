// Builds what is stale: contract and server with tsc -b (incremental), the web app
// with Vite only when a source file is newer than the last build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

run(bin('tsc'), ['-b', 'contract', 'server']);

const webInputs = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'contract/src'];
const builtAt = newestMtime(path.join(root, 'web/dist/index.html'));
const changedAt = Math.max(...webInputs.map((p) => newestMtime(path.join(root, p))));
if (builtAt === 0 || changedAt > builtAt || process.argv.includes('--force')) {
  run(bin('vite'), ['build'], path.join(root, 'web'));
} else {
  console.log('web: up to date');
}
