#!/usr/bin/env node
import { COMMANDS, UsageError } from './cli/commands.js';
import { ConfigError } from './config.js';

const USAGE = `Usage: vault <command> [options]

Runs against the installation that the environment configures, exactly as
the server reads it (DATA_DIR, or DATABASE_URL, DATABASE_SCHEMA and S3_*).

Commands:

${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n\n')}

Exit codes: 0 done (verify: nothing wrong), 1 verify found problems or the
command was refused (the last administrator...), 2 could not run (bad
arguments or configuration, no installation there), 3 no user of that name.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!run) {
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(`Usage: vault ${run.usage}`);
    return 0;
  }
  try {
    return await run.run(rest);
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(err as Error).message}\n\nUsage: vault ${run.usage}`);
      return 2;
    }
    throw err;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
