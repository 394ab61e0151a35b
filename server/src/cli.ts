#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { migrateStorage } from './migrate-storage.js';
import { describeFinding, summarize } from './storage/verify.js';
import { verifyInstallation } from './verify-installation.js';

const USAGE = `Usage: vault <command>

  migrate-storage --from <DATA_DIR of the embedded installation>
      Copies users, folders, files, shares, the audit log and every stored
      object (verified by SHA-256) into the database and object store that the
      environment configures (DATABASE_URL, DATABASE_SCHEMA, S3_*). The target
      must be empty.

  verify
      Checks the installation the environment configures, changing nothing:
      blobs whose object is missing or does not hash to its name, objects that
      belong to no blob (uploads in progress excepted), reference counts and
      charged bytes that disagree with the files. One line per finding, then a
      summary; exits 1 when anything is wrong.`;

async function migrateStorageCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' } } });
  if (!values.from) {
    console.error(USAGE);
    return 2;
  }
  const report = await migrateStorage(values.from, loadConfig(), (line) => console.log(line));
  console.log(`done: ${report.objects} objects (${report.bytes} bytes) and ${Object.values(report.rows).reduce((a, b) => a + b, 0)} rows copied and verified`);
  return 0;
}

async function verifyCommand(args: string[]): Promise<number> {
  parseArgs({ args, options: {} });
  const report = await verifyInstallation(loadConfig(), (finding) => console.log(describeFinding(finding)));
  console.log(summarize(report));
  return report.findings.length === 0 ? 0 : 1;
}

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  'migrate-storage': migrateStorageCommand,
  verify: verifyCommand,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const run = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!run) {
    console.error(USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  return run(rest);
}

// Exit codes: 0 done (and verify found nothing), 1 verify found problems, 2 could not run.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
