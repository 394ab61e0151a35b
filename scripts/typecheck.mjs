// Type-checks every workspace (tsc -b also emits contract and server).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
const run = (args) => {
  try {
    execFileSync(tsc, args, { cwd: root, stdio: 'inherit' });
  } catch {
    process.exit(1); // tsc has printed the errors
  }
};
run(['-b', 'contract', 'server']);
// The server's tests (the build above covers its sources only).
run(['-p', 'server/tsconfig.test.json']);
for (const project of ['web', 'e2e', 'bench']) {
  if (fs.readdirSync(path.join(root, project)).some((f) => f.endsWith('.ts'))) run(['-p', project, '--noEmit']);
}
