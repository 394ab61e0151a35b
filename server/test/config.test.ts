import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { resolveJwtSecret } from '../src/jwt-secret.js';

describe('configuration', () => {
  it('has documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.database.url).toBeUndefined();
    expect(c.database.poolSize).toBe(20);
    expect(c.maxFileBytes).toBe(104_857_600);
    expect(c.defaultQuotaBytes).toBe(1024 * 1024 * 1024);
    expect(c.demoAccounts).toBe(true);
    expect(c.tokenTtlSeconds).toBe(24 * 3600);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a number/],
    [{ PORT: '70000' }, /PORT must be at most 65535/],
    [{ MAX_FILE_MB: '0' }, /MAX_FILE_MB must be at least 1/],
    [{ DATABASE_POOL_SIZE: '2' }, /DATABASE_POOL_SIZE must be at least 3/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32/],
    [{ DATABASE_URL: 'postgres://localhost/x' }, /JWT_SECRET is required/],
    [{ DEMO_ACCOUNTS: 'maybe' }, /DEMO_ACCOUNTS must be true or false/],
    [{ ADMIN_USERNAME: 'root' }, /go together/],
    [{ TRUST_PROXY: 'nginx' }, /TRUST_PROXY must be true, false, a hop count \(0-100\) or a comma-separated list of proxy addresses and CIDR ranges \("nginx"/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be .*"10.0.0.0\/33"/],
    [{ TRUST_PROXY: '10.0.0.1,' }, /TRUST_PROXY must be/],
    [{ REGISTRATION_LIMIT_PER_HOUR: '0' }, /REGISTRATION_LIMIT_PER_HOUR must be at least 1/],
    [{ HSTS: 'sometimes' }, /HSTS must be true or false/],
  ])('stops with a one-line reason for %j', (env, reason) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).toMatch(reason);
      expect((err as Error).message).not.toContain('\n');
    }
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    ['10.0.0.2, 10.1.0.0/16,::1,fd00::/8', ['10.0.0.2', '10.1.0.0/16', '::1', 'fd00::/8']],
    ['loopback', ['loopback']],
  ])('reads %j as %j', (value, trust) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(trust);
  });
});

describe('JWT secret', () => {
  it('is generated once, kept with mode 0600 and reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-secret-'));
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(resolveJwtSecret('configured-secret-configured-secret!!', dir)).toBe('configured-secret-configured-secret!!');
  });
});
