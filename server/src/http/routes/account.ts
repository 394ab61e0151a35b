import type { FastifyInstance } from 'fastify';
import {
  accountSchema,
  accountStorageSchema,
  emailChangeSchema,
  meResponseSchema,
  passwordChangeSchema,
  recoveryCodesRequestSchema,
  recoveryCodesSchema,
  sessionIdParamSchema,
  sessionsEndedSchema,
  sessionsResponseSchema,
  twoFactorChangeSchema,
  twoFactorSetupSchema,
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
import type { HttpDeps } from '../deps.js';
import { NO_BODY, api } from '../openapi/route-spec.js';
import { validated } from '../validate.js';

const tag = 'Settings';

/**
 * Settings: the signed-in user's own profile, password, sessions, second
 * factor and storage. Whatever checks the password again runs under
 * failures.reconfirm: wrong ones are limited per user (429 beyond).
 */
export function accountRoutes(app: FastifyInstance, { failures }: HttpDeps): void {
  app.get(
    '/api/account',
    api({ summary: 'The signed-in user and the state of their sign-in security', tag, beforePasswordChange: true, responses: { 200: accountSchema } }),
    async (request) => getAccount(request.ctx, actorOf(request)),
  );

  app.put(
    '/api/account/email',
    api({ summary: 'Change the email address', tag, body: emailChangeSchema, responses: { 200: meResponseSchema }, errors: [409, 429] }),
    async (request) => {
      const actor = actorOf(request);
      const change = validated(emailChangeSchema, request.body);
      return { user: await failures.changeEmail(actor.id, () => changeEmail(request.ctx, actor, change)) };
    },
  );

  app.put(
    '/api/account/password',
    api({ summary: 'Change the password (ends every other session)', tag, beforePasswordChange: true, body: passwordChangeSchema, responses: { 204: NO_BODY } }),
    async (request, reply) => {
      const actor = actorOf(request);
      await failures.reconfirm(actor.id, () => changePassword(request.ctx, actor, validated(passwordChangeSchema, request.body)));
      return reply.status(204).send();
    },
  );

  app.get('/api/account/sessions', api({ summary: "The user's active sessions", tag, responses: { 200: sessionsResponseSchema } }), async (request) => ({
    sessions: await listSessions(request.ctx, actorOf(request)),
  }));

  app.delete(
    '/api/account/sessions/:id',
    api({ summary: 'End one of the user\'s sessions', tag, params: sessionIdParamSchema, responses: { 204: NO_BODY }, errors: [404] }),
    async (request, reply) => {
      await endSession(request.ctx, actorOf(request), validated(sessionIdParamSchema, request.params).id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/sessions/end-others',
    api({ summary: 'End every session but this one', tag, responses: { 200: sessionsEndedSchema } }),
    async (request) => ({ ended: await endOtherSessions(request.ctx, actorOf(request)) }),
  );

  app.get('/api/account/storage', api({ summary: "The user's storage: quota, usage, savings, largest files", tag, responses: { 200: accountStorageSchema } }), async (request) =>
    accountStorage(request.ctx, actorOf(request)),
  );

  app.post(
    '/api/account/2fa/setup',
    api({ summary: 'Begin two-factor setup: a new secret and its QR code', tag, responses: { 200: twoFactorSetupSchema }, errors: [409] }),
    async (request) => beginTwoFactorSetup(request.ctx, actorOf(request)),
  );

  app.post(
    '/api/account/2fa/enable',
    api({
      summary: 'Turn on two-factor sign-in (password and a code from the authenticator); ends every other session, answers the recovery codes',
      tag,
      body: twoFactorChangeSchema,
      responses: { 200: recoveryCodesSchema },
      errors: [409],
    }),
    async (request) => {
      const actor = actorOf(request);
      return failures.reconfirm(actor.id, () => enableTwoFactor(request.ctx, actor, validated(twoFactorChangeSchema, request.body)));
    },
  );

  app.post(
    '/api/account/2fa/disable',
    api({ summary: 'Turn off two-factor sign-in (password and a current code)', tag, body: twoFactorChangeSchema, responses: { 204: NO_BODY } }),
    async (request, reply) => {
      const actor = actorOf(request);
      await failures.reconfirm(actor.id, () => disableTwoFactor(request.ctx, actor, validated(twoFactorChangeSchema, request.body)));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/2fa/recovery-codes',
    api({ summary: 'Replace the recovery codes (password required)', tag, body: recoveryCodesRequestSchema, responses: { 200: recoveryCodesSchema } }),
    async (request) => {
      const actor = actorOf(request);
      return failures.reconfirm(actor.id, () => regenerateRecoveryCodes(request.ctx, actor, validated(recoveryCodesRequestSchema, request.body).password));
    },
  );
}
