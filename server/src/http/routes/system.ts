import type { FastifyInstance } from 'fastify';
import { appConfigSchema, healthResponseSchema, readyResponseSchema, type AppConfig, type ReadyResponse } from '@vault/contract';
import { DEMO_ACCOUNTS } from '../../domain/accounts/demo.js';
import { checkReadiness } from '../../domain/system/check-readiness.js';
import type { HttpDeps } from '../deps.js';
import { api } from '../openapi/route-spec.js';

const tag = 'System';

export function systemRoutes(app: FastifyInstance, { config }: HttpDeps): void {
  app.get('/api/health', api({ summary: 'Liveness: the process runs', tag, access: 'public', responses: { 200: healthResponseSchema } }), async () => ({ status: 'ok' as const }));

  app.get(
    '/api/ready',
    api({ summary: 'Readiness: the database and the object store answer', tag, access: 'public', responses: { 200: readyResponseSchema, 503: readyResponseSchema } }),
    async (request, reply) => {
      const { ready, database, storage, failures } = await checkReadiness(request.ctx);
      if (!ready) request.log.warn({ checks: failures }, 'not ready');
      const body: ReadyResponse = { status: ready ? 'ready' : 'unavailable', database, storage };
      return reply.status(ready ? 200 : 503).send(body);
    },
  );

  app.get('/api/config', api({ summary: "The installation's public settings", tag, access: 'public', responses: { 200: appConfigSchema } }), async (): Promise<AppConfig> => ({
    demo: config.demoAccounts
      ? {
          user: { username: DEMO_ACCOUNTS.user.username, password: DEMO_ACCOUNTS.user.password },
          admin: { username: DEMO_ACCOUNTS.admin.username, password: DEMO_ACCOUNTS.admin.password },
        }
      : null,
    max_file_bytes: config.maxFileBytes,
    require_2fa_for_admins: config.requireTwoFactorForAdmins,
    allowed_types: config.allowedTypes,
    registration_open: config.allowRegistration,
    trash_days: config.trashDays,
  }));
}
