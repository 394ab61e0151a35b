import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '@vault/contract';
import { DEMO_ACCOUNTS } from '../../domain/accounts/demo.js';
import type { HttpDeps } from '../deps.js';

export function systemRoutes(app: FastifyInstance, { ctx, config }: HttpDeps): void {
  app.get('/api/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));

  /** Ready when the database and the object store both answer. */
  app.get('/api/ready', { config: { access: 'public' } }, async (request, reply) => {
    const checks = await Promise.allSettled([sql`select 1`.execute(ctx.db), ctx.store.ping()]);
    const [database, storage] = checks.map((c) => (c.status === 'fulfilled' ? 'ok' : 'unavailable'));
    const ready = checks.every((c) => c.status === 'fulfilled');
    if (!ready) request.log.warn({ checks: checks.map((c) => (c.status === 'rejected' ? String(c.reason) : 'ok')) }, 'not ready');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database, storage });
  });

  app.get('/api/config', { config: { access: 'public' } }, async (): Promise<AppConfig> => ({
    demo: config.demoAccounts
      ? {
          user: { username: DEMO_ACCOUNTS.user.username, password: DEMO_ACCOUNTS.user.password },
          admin: { username: DEMO_ACCOUNTS.admin.username, password: DEMO_ACCOUNTS.admin.password },
        }
      : null,
    max_file_bytes: config.maxFileBytes,
    require_2fa_for_admins: config.requireTwoFactorForAdmins,
  }));
}
