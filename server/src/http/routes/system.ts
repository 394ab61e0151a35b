import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '@vault/contract';
import { DEMO_ACCOUNTS } from '../../domain/accounts/demo.js';
import { checkReadiness } from '../../domain/system/check-readiness.js';
import type { HttpDeps } from '../deps.js';

export function systemRoutes(app: FastifyInstance, { config }: HttpDeps): void {
  app.get('/api/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { config: { access: 'public' } }, async (request, reply) => {
    const { ready, database, storage, failures } = await checkReadiness(request.ctx);
    if (!ready) request.log.warn({ checks: failures }, 'not ready');
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
  }));
}
