import { randomUUID } from 'node:crypto';
import http from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { Logger as PinoLogger } from 'pino';
import { WS_MAX_MESSAGE_BYTES } from '@vault/contract';
import type { Config, TrustProxy } from '../config.js';
import type { DomainContext } from '../domain/shared/context.js';
import { registerRequestContext } from './after-response.js';
import { registerAuthHook } from './auth-hook.js';
import type { CounterStore } from './counter-store.js';
import { registerErrorHandling, routerErrors } from './errors.js';
import { everyRequest, registerEveryRequest } from './every-request.js';
import { createFailureLimiter } from './failure-limiter.js';
import { createRealtimeHub } from './realtime/hub.js';
import type { Metrics } from '../metrics/metrics.js';
import { registerMetricsRoute } from './metrics.js';
import { createRequestBudgets } from './request-budgets.js';
import { registerSpa } from './spa.js';
import { routeRecorder } from './openapi/document.js';
import { apiDocsRoutes } from './routes/api-docs.js';
import { zodValidatorCompiler } from './validate.js';
import type { HttpDeps } from './deps.js';
import { adminRoutes } from './routes/admin.js';
import { accountRoutes } from './routes/account.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { authRoutes } from './routes/auth.js';
import { fileRoutes } from './routes/files.js';
import { versionRoutes } from './routes/versions.js';
import { folderRoutes } from './routes/folders.js';
import { downloadRoutes } from './routes/downloads.js';
import { linkRoutes } from './routes/links.js';
import { fileRequestRoutes } from './routes/file-requests.js';
import { systemRoutes } from './routes/system.js';
import { uploadRoutes } from './routes/uploads.js';
import { thumbnailRoutes } from './routes/thumbnails.js';
import { trashRoutes } from './routes/trash.js';
import { starRoutes } from './routes/stars.js';
import { wsRoutes } from './routes/ws.js';

export interface AppOptions {
  config: Config;
  ctx: DomainContext;
  logger: PinoLogger;
  /** Rate-limit state: in-process, or shared through Redis when instances run side by side. */
  counters: CounterStore;
  /** Prometheus instruments when metrics are on. */
  metrics: Metrics | undefined;
}

/** Fastify reads a bare number as "trust nobody"; a hop count means: the last `hops` peers are proxies. */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

const JSON_BODY_LIMIT = 256 * 1024;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, ctx } = opts;
  const every = everyRequest({ hsts: config.hsts, metrics: opts.metrics });
  const app = Fastify({
    // Typed as Fastify's base logger so route plugins take the default FastifyInstance.
    loggerInstance: opts.logger as FastifyBaseLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // Our own onResponse line replaces Fastify's, whose URLs would include credentials.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: 'idle',
    // Our own id for every request, on every log line it causes (reqId) and in
    // its X-Request-Id answer header; a client-sent id is not trusted.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A path parameter is never longer than the request line, which Node bounds
    // (maxHeaderSize): the router takes any, and each route's own schema answers
    // (an unknown link, "Invalid id") instead of a bare 414.
    routerOptions: { maxParamLength: http.maxHeaderSize },
    frameworkErrors: routerErrors(every),
  });

  // Headers, log line and metrics of every request.
  registerEveryRequest(app, every);
  registerErrorHandling(app);
  // Routes declare their contract schemas (api()); zod parses each part before the handler runs.
  app.setValidatorCompiler(zodValidatorCompiler);
  const recorder = routeRecorder();
  app.addHook('onRoute', recorder.onRoute);
  // Before any hook that may refuse a request: the plugin's own hook marks
  // upgrade requests, so that a refused upgrade still has its socket closed.
  const realtime = createRealtimeHub(ctx, { heartbeatMs: config.wsHeartbeatMs, maxSocketsPerUser: config.wsMaxSocketsPerUser });
  await app.register(websocket, {
    options: { maxPayload: WS_MAX_MESSAGE_BYTES },
    // Shutdown closes every socket, authenticated or not, so app.close() never waits on one.
    preClose: () => realtime.close(app.websocketServer.clients),
  });
  // Before authentication: a flood is counted and refused before any database work.
  const budgets = createRequestBudgets(opts.counters, ctx.tokens, config.rateLimit);
  budgets.register(app);
  registerAuthHook(app, ctx);
  // After the websocket plugin's own hook, which marks upgrade requests.
  registerRequestContext(app, ctx);

  // Limits are set per upload (handleUpload), which enforces the file size
  // itself; parts stream, never buffered.
  await app.register(multipart, { throwFileSizeLimit: false });

  const deps: HttpDeps = {
    ctx,
    config,
    counters: opts.counters,
    failures: createFailureLimiter(opts.counters, { ...config.authFailures, registrationsPerHour: config.registrationsPerHour }),
    budgets,
    realtime,
  };
  systemRoutes(app, deps);
  authRoutes(app, deps);
  accountRoutes(app, deps);
  fileRoutes(app);
  versionRoutes(app);
  thumbnailRoutes(app);
  folderRoutes(app);
  trashRoutes(app);
  starRoutes(app);
  uploadRoutes(app, config.maxFileBytes);
  downloadRoutes(app);
  linkRoutes(app, deps);
  fileRequestRoutes(app, deps);
  adminRoutes(app);
  adminUserRoutes(app);
  wsRoutes(app, deps);
  registerMetricsRoute(app, opts.metrics, config.metrics?.token);
  apiDocsRoutes(app, recorder.routes);

  await registerSpa(app, config.webDist);
  return app;
}
