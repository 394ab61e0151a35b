// Type-checks every workspace (tsc -b also emits contract and server).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
const run = (args) => execFileSync(tsc, args, { cwd: root, stdio: 'inherit' });
run(['-b', 'contract', 'server']);
for (const project of ['web', 'e2e', 'bench']) {
  if (fs.readdirSync(path.join(root, project)).some((f) => f.endsWith('.ts'))) run(['-p', project, '--noEmit']);
}
