// Starts the built server on a fresh, throw-away data directory (Playwright's webServer).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverMain = path.resolve(here, '../server/dist/main.js');
if (!fs.existsSync(serverMain)) {
  console.error(`${serverMain} is missing: run "node scripts/build.mjs" first`);
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-e2e-'));
const server = spawn(process.execPath, [serverMain], { stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir } });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
