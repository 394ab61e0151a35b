import type { FastifyInstance } from 'fastify';
import { authResponseSchema, loginRequestSchema, loginResponseSchema, meResponseSchema, registerRequestSchema, secondFactorRequestSchema, userStatsSchema, sentence } from '@vault/contract';
import { actorDto, login, register, userStats } from '../../domain/accounts/users.js';
import { refreshSession, revokeSession } from '../../domain/accounts/sessions.js';
import { Forbidden } from '../../domain/shared/errors.js';
import { readChallenge } from '../../domain/two-factor/challenge.js';
import { completeSignIn } from '../../domain/two-factor/complete-sign-in.js';
import { actorOf } from '../auth-hook.js';
import { signInClient } from '../client-info.js';
import type { HttpDeps } from '../deps.js';
import { NO_BODY, api } from '../openapi/route-spec.js';
import { validated } from '../validate.js';
import { limitedAddressOf } from '../limited-address.js';

const tag = 'Accounts';

export function authRoutes(app: FastifyInstance, { config, failures, realtime }: HttpDeps): void {
  app.post(
    '/api/auth/register',
    api({ summary: 'Create an account and sign in', tag, access: 'public', budget: 'sign-in', body: registerRequestSchema, responses: { 201: authResponseSchema }, errors: [403, 409] }),
    async (request, reply) => {
      if (!config.allowRegistration) throw new Forbidden(sentence('registrationClosed'));
      const input = validated(registerRequestSchema, request.body);
      const result = await failures.register(limitedAddressOf(request), () => register(request.ctx, input, signInClient(request)));
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/auth/login',
    api({
      summary: 'Sign in (mode "admin" for Admin Login); a two-factor challenge instead of a session when the account has a second factor',
      tag,
      access: 'public',
      budget: 'sign-in',
      body: loginRequestSchema,
      responses: { 200: loginResponseSchema },
      errors: [401, 403],
    }),
    async (request) => {
      const input = validated(loginRequestSchema, request.body);
      return failures.signIn(limitedAddressOf(request), input.username, () => login(request.ctx, input, signInClient(request)));
    },
  );

  app.post(
    '/api/auth/login/2fa',
    api({
      summary: 'Finish a two-factor sign-in with an authenticator code or a recovery code',
      tag,
      access: 'public',
      budget: 'sign-in',
      body: secondFactorRequestSchema,
      responses: { 200: authResponseSchema },
      errors: [401, 403],
    }),
    async (request) => {
      const { challenge, ...factor } = validated(secondFactorRequestSchema, request.body);
      const claims = await readChallenge(request.ctx, challenge);
      return failures.secondFactor(claims, () => completeSignIn(request.ctx, claims, factor, signInClient(request)));
    },
  );

  app.get('/api/auth/me', api({ summary: 'The signed-in user', tag, beforePasswordChange: true, responses: { 200: meResponseSchema } }), async (request) => ({
    user: actorDto(actorOf(request)),
  }));

  app.get('/api/auth/stats', api({ summary: "The caller's file count and quota", tag, responses: { 200: userStatsSchema } }), async (request) => userStats(request.ctx, actorOf(request)));

  app.post('/api/auth/refresh', api({ summary: 'A fresh token for the same session', tag, beforePasswordChange: true, responses: { 200: authResponseSchema } }), async (request) => {
    const actor = actorOf(request);
    const { token } = await refreshSession(request.ctx, actor);
    return { token, user: actorDto(actor) };
  });

  app.post('/api/auth/logout', api({ summary: 'End the session, its tokens, links and websockets', tag, beforePasswordChange: true, responses: { 204: NO_BODY } }), async (request, reply) => {
    const actor = actorOf(request);
    await revokeSession(request.ctx, actor);
    realtime.endSession(actor.sessionId);
    return reply.status(204).send();
  });
}
