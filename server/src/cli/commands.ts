import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { registerRequestSchema } from '@vault/contract';
import { loadConfig } from '../config.js';
import { createAccount } from '../domain/accounts/users.js';
import { disableUser } from '../domain/admin/disable-user.js';
import { enableUser } from '../domain/admin/enable-user.js';
import { resetPassword } from '../domain/admin/reset-password.js';
import { COMMAND_LINE, userByName } from '../domain/admin/user-guards.js';
import type { DomainContext } from '../domain/shared/context.js';
import { DomainError } from '../domain/shared/errors.js';
import { runMaintenance } from '../maintenance.js';
import { migrateStorage } from '../migrate-storage.js';
import { describeRepair, repairStorage } from '../storage/repair.js';
import { describeFinding, summarize, verifyStorage } from '../storage/verify.js';
import { backupInstallation } from '../backup/backup.js';
import { restoreInstallation } from '../backup/restore.js';
import { withInstallation } from '../installation.js';

/**
 * Exit codes: 0 done (and verify found nothing), 1 verify found problems (or
 * the command was refused), 2 could not run, 3 no user of that name.
 */
export type ExitCode = 0 | 1 | 2 | 3;

export interface Command {
  usage: string;
  run(args: string[]): Promise<ExitCode>;
}

/** A command's arguments were wrong: its usage goes to stderr, exit 2. */
export class UsageError extends Error {}

const print = (line: string) => console.log(line);

async function readPassword(): Promise<string> {
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  return input.split('\n')[0]!.replace(/\r$/, '');
}

/**
 * Runs a domain action; a refusal (a taken name, the last admin...) goes to
 * stderr as the sentence the web app would show, with exit 1, or 3 when the
 * user named does not exist.
 */
async function refusable(action: () => Promise<void>): Promise<ExitCode> {
  try {
    await action();
    return 0;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    console.error(err.message);
    return err.kind === 'not_found' ? 3 : 1;
  }
}

const createAdmin: Command = {
  usage: `create-admin <username> [--email <address>] [--password-stdin]
      Creates an administrator. The password is read from the first line of
      stdin with --password-stdin, else generated and printed once.`,
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean' } } });
    const [username] = positionals;
    if (!username || positionals.length > 1) throw new UsageError('create-admin takes one username');
    const generated = values['password-stdin'] ? undefined : randomBytes(15).toString('base64url');
    const parsed = registerRequestSchema.safeParse({
      username,
      email: values.email ?? `${username}@localhost.local`,
      password: generated ?? (await readPassword()),
    });
    if (!parsed.success) throw new UsageError(parsed.error.issues[0]!.message);
    return withInstallation(loadConfig(), (installation) =>
      refusable(async () => {
        const user = await createAccount(installation.context(), parsed.data, true);
        print(`created admin ${user.username} (id ${user.id})`);
        if (generated) print(`password: ${generated}`);
      }),
    );
  },
};

/**
 * A command on one user, named by username (any case), through the same
 * domain verb as the Users tab, acting as the command line (COMMAND_LINE).
 */
function userCommand(name: string, usage: string, act: (ctx: DomainContext, user: { id: number; username: string }) => Promise<string[]>): Command {
  return {
    usage: `${name} <username>\n${usage}`,
    async run(args) {
      const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
      if (positionals.length !== 1) throw new UsageError(`${name} takes one username`);
      return withInstallation(loadConfig(), (installation) =>
        refusable(async () => {
          const ctx = installation.context();
          for (const line of await act(ctx, await userByName(ctx, positionals[0]!))) print(line);
        }),
      );
    },
  };
}

const resetPasswordCommand = userCommand(
  'reset-password',
  `      Sets a temporary password and prints it once. Every session of the
      user ends at once, and at their next sign-in they must choose a new
      password before anything else.`,
  async (ctx, user) => {
    const { temporary_password } = await resetPassword(ctx, COMMAND_LINE, user.id);
    return [`reset the password of ${user.username}: their sessions have ended; they choose a new password at their next sign-in`, `temporary password: ${temporary_password}`];
  },
);

const disableUserCommand = userCommand(
  'disable-user',
  `      The user can no longer sign in, and every session of theirs ends at
      once; their public files and folders, share links and file requests
      answer 404 until they are enabled. Their content stays. The last
      enabled administrator cannot be disabled.`,
  async (ctx, user) => {
    await disableUser(ctx, COMMAND_LINE, user.id);
    return [`disabled ${user.username}: they cannot sign in and their sessions have ended`];
  },
);

const enableUserCommand = userCommand(
  'enable-user',
  `      The user may sign in again, and what they made public answers again
      (sessions ended while disabled stay ended).`,
  async (ctx, user) => {
    await enableUser(ctx, COMMAND_LINE, user.id);
    return [`enabled ${user.username}: they may sign in again`];
  },
);

const verify: Command = {
  usage: `verify [--repair]
      Checks the installation, changing nothing: blobs whose object is missing
      or does not hash to its name, objects that belong to no blob (uploads in
      progress excepted), reference counts and charged bytes that disagree with
      the files, files linked to another content's text. One line per finding,
      then a summary; exits 1 when anything is wrong. --repair first recounts
      wrong counts, collects blobs no file refers to, unlinks files from
      another content's text (the next maintenance pass, or gc, reads their
      own) and removes stray objects older than ORPHAN_GRACE_MINUTES,
      printing each change; missing or corrupt objects are only reported.`,
  async run(args) {
    const { values } = parseArgs({ args, options: { repair: { type: 'boolean' } } });
    const config = loadConfig();
    return withInstallation(config, async ({ database, store }) => {
      if (values.repair) {
        let changes = 0;
        await repairStorage(database.db, store, config.orphanGraceMs, (repair) => {
          changes += 1;
          print(describeRepair(repair));
        });
        print(`repair: ${changes} change${changes === 1 ? '' : 's'}`);
      }
      const report = await verifyStorage(database.db, store, (finding) => print(describeFinding(finding)));
      print(summarize(report));
      return report.findings.length === 0 ? 0 : 1;
    });
  },
};

const gc: Command = {
  usage: `gc
      Collects now what maintenance collects every GC_INTERVAL_SECONDS: items
      in Trash for TRASH_DAYS, blobs no file or version refers to, expired upload leases, stray objects and abandoned
      multipart uploads older than ORPHAN_GRACE_MINUTES, ended sessions; and reads
      the text of up to 100 contents not yet searchable.`,
  async run(args) {
    parseArgs({ args, options: {} });
    return withInstallation(loadConfig(), async (installation) => {
      const ctx = installation.context();
      const report = await installation.database.exclusive('vault-maintenance', () => runMaintenance(ctx));
      if (!report) {
        console.error('Another instance is collecting right now; nothing was done');
        return 1;
      }
      print(
        `gc: ${report.trashPurged} items purged from Trash, ${report.blobsCollected} blobs collected, ${report.straysRemoved} stray objects removed, ` +
          `${report.uploadsAborted} abandoned uploads aborted, ${report.partialsRemoved} leftovers of unfinished uploads removed, ${report.leasesExpired} expired leases and ${report.sessionsPruned} ended sessions dropped, ` +
          `${report.textsPending} texts read`,
      );
      return 0;
    });
  },
};

const migrateStorageCommand: Command = {
  usage: `migrate-storage --from <DATA_DIR of the embedded installation>
      Copies users, folders, files, shares, the audit log and every stored
      object (verified by SHA-256) into the database and object store that the
      environment configures (DATABASE_URL, DATABASE_SCHEMA, S3_*). The target
      must be empty.`,
  async run(args) {
    const { values } = parseArgs({ args, options: { from: { type: 'string' } } });
    if (!values.from) throw new UsageError('migrate-storage needs --from');
    const report = await migrateStorage(values.from, loadConfig(), print);
    print(`done: ${report.objects} objects (${report.bytes} bytes) and ${Object.values(report.rows).reduce((a, b) => a + b, 0)} rows copied and verified`);
    return 0;
  },
};

const backup: Command = {
  usage: `backup <dir>
      A consistent snapshot of the embedded installation (SQLite in DATA_DIR)
      while it runs: the database through SQLite's online backup API, every
      object its files refer to at that instant, and manifest.json with the
      SHA-256 of each. <dir> must be empty or absent.`,
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    if (positionals.length !== 1) throw new UsageError('backup takes one directory');
    const manifest = await backupInstallation(loadConfig(), positionals[0]!, print);
    print(`backup: ${manifest.objects.length} objects (${manifest.objects.reduce((n, o) => n + o.size, 0)} bytes), ${manifest.files} files of ${manifest.users} users`);
    return 0;
  },
};

const restore: Command = {
  usage: `restore <dir>
      Restores a backup into the DATA_DIR the environment names, which must be
      empty or absent (and no DATABASE_URL or S3_BUCKET set): checks every
      hash in the manifest, then runs verify on the result.`,
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    if (positionals.length !== 1) throw new UsageError('restore takes one directory');
    const config = loadConfig();
    await restoreInstallation(positionals[0]!, config, print);
    return withInstallation(config, async ({ database, store }) => {
      const report = await verifyStorage(database.db, store, (finding) => print(describeFinding(finding)));
      print(summarize(report));
      return report.findings.length === 0 ? 0 : 1;
    });
  },
};

export const COMMANDS: Record<string, Command> = {
  'create-admin': createAdmin,
  'reset-password': resetPasswordCommand,
  'disable-user': disableUserCommand,
  'enable-user': enableUserCommand,
  verify,
  gc,
  'migrate-storage': migrateStorageCommand,
  backup,
  restore,
};

