#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { migrateStorage } from './migrate-storage.js';

const USAGE = `Usage: vault migrate-storage --from <DATA_DIR of the embedded installation>

Copies users, folders, files, shares, the audit log and every stored object
(verified by SHA-256) into the database and object store that the environment
configures (DATABASE_URL, DATABASE_SCHEMA, S3_*). The target must be empty.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'migrate-storage') {
    console.error(USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  const { values } = parseArgs({ args: rest, options: { from: { type: 'string' } } });
  if (!values.from) {
    console.error(USAGE);
    return 2;
  }
  const report = await migrateStorage(values.from, loadConfig(), (line) => console.log(line));
  console.log(`done: ${report.objects} objects (${report.bytes} bytes) and ${Object.values(report.rows).reduce((a, b) => a + b, 0)} rows copied and verified`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
