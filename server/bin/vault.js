#!/usr/bin/env node
// `npx vault <command>` from a checkout runs the built admin CLI (server/dist/cli.js).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('Vault is not built yet: run `npm run build` first');
  process.exit(2);
}
await import(cli.href);
