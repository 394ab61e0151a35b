import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_EXTENSIONS, KNOWN_EXTENSIONS, isKnownExtension, type KnownExtension } from '@vault/contract';

const here = path.dirname(fileURLToPath(import.meta.url));

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const int = (min: number, max: number) =>
  z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const optionalText = z.string().min(1).optional();

/** proxy-addr's names for well-known ranges, accepted in a TRUST_PROXY list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers may speak for the client in X-Forwarded-For: nobody (false), every
 * hop (true, only when nothing can reach Vault but the proxies), a number of
 * hops in front of Vault, or a list of proxy addresses and CIDR ranges.
 */
const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (['false', 'no', 'off'].includes(v)) return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 100) return hops === 0 ? false : hops;
  }
  const entries = v.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad === undefined) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be true, false, a hop count (0-100) or a comma-separated list of proxy addresses and CIDR ranges ("${bad.slice(0, 50)}" is none of these)`,
  });
  return z.NEVER;
});

/**
 * A comma-separated list of extensions, each one Vault knows how to check;
 * `default` stands for today's list, so `default,docx,svg` adds two types.
 */
const allowedTypes = z.string().transform((value, ctx): KnownExtension[] => {
  const entries = value.split(',').map((entry) => entry.trim().toLowerCase().replace(/^\./, '')).filter((entry) => entry !== '');
  const unknown = entries.find((entry) => entry !== 'default' && !isKnownExtension(entry));
  if (unknown !== undefined || entries.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: unknown === undefined ? 'must name at least one type' : `"${unknown.slice(0, 20)}" is not a type Vault can check (known: default, ${KNOWN_EXTENSIONS.join(', ')})`,
    });
    return z.NEVER;
  }
  const expanded = entries.flatMap((entry) => (entry === 'default' ? DEFAULT_EXTENSIONS : [entry as KnownExtension]));
  return [...new Set(expanded)];
});

export type TrustProxy = boolean | number | string[];

/** Every variable Vault reads, with its default. README.md documents each one. */
const envSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave unset for SQLite)')
    .optional(),
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier').optional(),
  // The event bus's listener and a maintenance round's lock each hold one connection for long: work needs one more.
  DATABASE_POOL_SIZE: int(3, 1000).default(20),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z.url('must be a URL').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool.default(false),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_:.-]{1,50}$/, 'must be letters, digits and _ : . -').default('vault:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_MINUTES: int(5, 60 * 24 * 30).default(60 * 24),
  STORAGE_QUOTA_MB: int(1, 1024 * 1024 * 1024).default(1024),
  MAX_FILE_MB: int(1, 1024 * 1024).default(100),
  ALLOWED_TYPES: allowedTypes.default([...DEFAULT_EXTENSIONS]),
  ALLOW_REGISTRATION: bool.default(true),
  RATE_LIMIT_MAX: int(1, 1_000_000).default(1200),
  RATE_LIMIT_WINDOW_SECONDS: int(1, 86_400).default(60),
  RATE_LIMIT_PUBLIC_MAX: int(1, 1_000_000).default(1200),
  RATE_LIMIT_SIGN_IN_MAX: int(1, 1_000_000).default(30),
  RATE_LIMIT_WS_MAX: int(1, 1_000_000).default(60),
  AUTH_FAILURE_LIMIT: int(1, 1_000_000).default(10),
  AUTH_ADDRESS_FAILURE_LIMIT: int(1, 1_000_000).default(100),
  AUTH_FAILURE_WINDOW_MINUTES: int(1, 24 * 60).default(15),
  AUTH_SLOWDOWN_MAX_SECONDS: int(0, 60).default(5),
  REGISTRATION_LIMIT_PER_HOUR: int(1, 1_000_000).default(10),
  DEMO_ACCOUNTS: bool.default(true),
  REQUIRE_2FA_FOR_ADMINS: bool.default(false),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  ADMIN_EMAIL: z.string().min(3).optional(),
  ARGON2_MEMORY_KIB: int(8, 4 * 1024 * 1024).default(19_456),
  GC_INTERVAL_SECONDS: int(1, 86_400).default(300),
  ORPHAN_GRACE_MINUTES: int(0, 7 * 24 * 60).default(60),
  UPLOAD_IDLE_SECONDS: int(1, 3600).default(60),
  UPLOAD_MAX_PENDING: int(1, 10_000).default(20),
  UPLOAD_MAX_PARALLEL: int(1, 1000).default(8),
  UPLOAD_EXPIRY_HOURS: int(1, 24 * 365).default(24),
  VERSIONS_KEEP: int(0, 1000).default(10),
  TRASH_DAYS: int(0, 3650).default(30),
  SHUTDOWN_GRACE_SECONDS: int(0, 3600).default(30),
  WS_HEARTBEAT_SECONDS: int(1, 3600).default(30),
  WS_MAX_SOCKETS_PER_USER: int(1, 100_000).default(20),
  WS_MAX_PENDING_PER_ADDRESS: int(1, 100_000).default(50),
  TRUST_PROXY: trustProxy.default(false),
  HSTS: bool.default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: int(0, 65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).default(path.resolve(here, '../../web/dist')),
});

export type Env = z.input<typeof envSchema>;

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { url: string | undefined; schema: string | undefined; poolSize: number };
  s3: S3Config | undefined;
  redis: { url: string; prefix: string } | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  defaultQuotaBytes: number;
  maxFileBytes: number;
  /** Extensions accepted for upload, each with its content check. */
  allowedTypes: KnownExtension[];
  /** Anyone may create an account; when false only admins create them. */
  allowRegistration: boolean;
  /** Requests per window: per signed-in session, per address for anonymous pages and for sign-in, per session for websockets. */
  rateLimit: { max: number; publicMax: number; signInMax: number; wsMax: number; windowMs: number };
  /** Failed sign-ins per (address, username) and per address; beyond `limit` a username's attempts are slowed down. */
  authFailures: { limit: number; addressLimit: number; windowMs: number; slowdownMaxMs: number };
  registrationsPerHour: number;
  demoAccounts: boolean;
  /** Admins without two-factor sign-in are refused the admin routes until they turn it on. */
  requireTwoFactorForAdmins: boolean;
  admin: { username: string; password: string; email: string } | undefined;
  argon2MemoryKib: number;
  gcIntervalMs: number;
  orphanGraceMs: number;
  /** An upload body that makes no progress this long is cut off (408). */
  uploadIdleMs: number;
  /** Unfinished resumable uploads per user, and how long one may stay unfinished. */
  resumable: { maxPending: number; expiryMs: number };
  /** A user's multipart uploads under way at once, per instance. */
  maxParallelUploads: number;
  /** Earlier versions kept per file; 0 keeps none. */
  versionsKeep: number;
  /** Days a deleted item stays in Trash before maintenance purges it; 0: deleting is permanent. */
  trashDays: number;
  shutdownGraceMs: number;
  /** Websocket ping interval; a socket that misses one pong is dropped. */
  wsHeartbeatMs: number;
  wsMaxSocketsPerUser: number;
  wsMaxPendingPerAddress: number;
  trustProxy: TrustProxy;
  /** Send Strict-Transport-Security on every response, not only on those to HTTPS requests. */
  hsts: boolean;
  /**
   * Prometheus metrics: on when a bearer token or a port of their own is set
   * (with both, the port requires the token too); off otherwise.
   */
  metrics: { token: string | undefined; port: number | undefined } | undefined;
  logLevel: string;
  webDist: string;
}

export class ConfigError extends Error {}

const MB = 1024 * 1024;

/** Parses the environment; throws ConfigError with a one-line reason. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_USERNAME and ADMIN_PASSWORD go together');
  }
  const scaledOut = e.DATABASE_URL !== undefined || e.S3_BUCKET !== undefined;
  if (scaledOut && e.JWT_SECRET === undefined) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET is required with DATABASE_URL or S3_BUCKET (instances must share one secret)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    database: { url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA, poolSize: e.DATABASE_POOL_SIZE },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_MINUTES * 60,
    defaultQuotaBytes: e.STORAGE_QUOTA_MB * MB,
    maxFileBytes: e.MAX_FILE_MB * MB,
    allowedTypes: e.ALLOWED_TYPES,
    allowRegistration: e.ALLOW_REGISTRATION,
    rateLimit: {
      max: e.RATE_LIMIT_MAX,
      publicMax: e.RATE_LIMIT_PUBLIC_MAX,
      signInMax: e.RATE_LIMIT_SIGN_IN_MAX,
      wsMax: e.RATE_LIMIT_WS_MAX,
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    authFailures: {
      limit: e.AUTH_FAILURE_LIMIT,
      addressLimit: e.AUTH_ADDRESS_FAILURE_LIMIT,
      windowMs: e.AUTH_FAILURE_WINDOW_MINUTES * 60_000,
      slowdownMaxMs: e.AUTH_SLOWDOWN_MAX_SECONDS * 1000,
    },
    registrationsPerHour: e.REGISTRATION_LIMIT_PER_HOUR,
    demoAccounts: e.DEMO_ACCOUNTS,
    requireTwoFactorForAdmins: e.REQUIRE_2FA_FOR_ADMINS,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL ?? `${e.ADMIN_USERNAME}@localhost.local` }
        : undefined,
    argon2MemoryKib: e.ARGON2_MEMORY_KIB,
    gcIntervalMs: e.GC_INTERVAL_SECONDS * 1000,
    orphanGraceMs: e.ORPHAN_GRACE_MINUTES * 60_000,
    uploadIdleMs: e.UPLOAD_IDLE_SECONDS * 1000,
    resumable: { maxPending: e.UPLOAD_MAX_PENDING, expiryMs: e.UPLOAD_EXPIRY_HOURS * 3_600_000 },
    maxParallelUploads: e.UPLOAD_MAX_PARALLEL,
    versionsKeep: e.VERSIONS_KEEP,
    trashDays: e.TRASH_DAYS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    wsHeartbeatMs: e.WS_HEARTBEAT_SECONDS * 1000,
    wsMaxSocketsPerUser: e.WS_MAX_SOCKETS_PER_USER,
    wsMaxPendingPerAddress: e.WS_MAX_PENDING_PER_ADDRESS,
    trustProxy: e.TRUST_PROXY,
    hsts: e.HSTS,
    metrics: e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT } : undefined,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
  };
}
