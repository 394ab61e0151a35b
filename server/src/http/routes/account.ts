import type { FastifyInstance } from 'fastify';
import {
  emailChangeSchema,
  passwordChangeSchema,
  recoveryCodesRequestSchema,
  sessionIdParamSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
} from '@vault/contract';
import { accountStorage } from '../../domain/accounts/account-storage.js';
import { changeEmail } from '../../domain/accounts/change-email.js';
import { changePassword } from '../../domain/accounts/change-password.js';
import { endOtherSessions } from '../../domain/accounts/end-other-sessions.js';
import { endSession } from '../../domain/accounts/end-session.js';
import { getAccount } from '../../domain/accounts/get-account.js';
import { listSessions } from '../../domain/accounts/list-sessions.js';
import { beginTwoFactorSetup } from '../../domain/two-factor/begin-setup.js';
import { disableTwoFactor } from '../../domain/two-factor/disable.js';
import { enableTwoFactor } from '../../domain/two-factor/enable.js';
import { regenerateRecoveryCodes } from '../../domain/two-factor/regenerate-recovery-codes.js';
import { actorOf } from '../auth-hook.js';
import { parse } from '../validate.js';

/** Settings: the signed-in user's own profile, password, sessions, second factor and storage. */
export function accountRoutes(app: FastifyInstance): void {
  const beforePasswordChange = { config: { beforePasswordChange: true } } as const;

  app.get('/api/account', beforePasswordChange, async (request) => getAccount(request.ctx, actorOf(request)));

  app.put('/api/account/email', async (request) => ({
    user: await changeEmail(request.ctx, actorOf(request), parse(emailChangeSchema, request.body)),
  }));

  app.put('/api/account/password', beforePasswordChange, async (request, reply) => {
    await changePassword(request.ctx, actorOf(request), parse(passwordChangeSchema, request.body));
    return reply.status(204).send();
  });

  app.get('/api/account/sessions', async (request) => ({ sessions: await listSessions(request.ctx, actorOf(request)) }));

  app.delete('/api/account/sessions/:id', async (request, reply) => {
    await endSession(request.ctx, actorOf(request), parse(sessionIdParamSchema, request.params).id);
    return reply.status(204).send();
  });

  app.post('/api/account/sessions/end-others', async (request) => ({ ended: await endOtherSessions(request.ctx, actorOf(request)) }));

  app.get('/api/account/storage', async (request) => accountStorage(request.ctx, actorOf(request)));

  app.post('/api/account/2fa/setup', async (request) => beginTwoFactorSetup(request.ctx, actorOf(request)));

  app.post('/api/account/2fa/enable', async (request) => enableTwoFactor(request.ctx, actorOf(request), parse(twoFactorEnableSchema, request.body).code));

  app.post('/api/account/2fa/disable', async (request, reply) => {
    await disableTwoFactor(request.ctx, actorOf(request), parse(twoFactorDisableSchema, request.body));
    return reply.status(204).send();
  });

  app.post('/api/account/2fa/recovery-codes', async (request) =>
    regenerateRecoveryCodes(request.ctx, actorOf(request), parse(recoveryCodesRequestSchema, request.body).password),
  );
}
