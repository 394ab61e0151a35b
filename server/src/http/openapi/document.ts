import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '@vault/contract';
import { FILE_BYTES, NO_BODY, type ResponseSpec, type RouteDoc } from './route-spec.js';

/** A route as registered, for the document and for the test that holds them together. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: 'public' | 'user' | 'admin';
  /** Reachable while the user must change their password; every other signed-in route then answers 403. */
  beforePasswordChange: boolean;
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  doc: RouteDoc | undefined;
}

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  101: 'Switching protocols: the websocket is open',
  200: 'OK',
  201: 'Created',
  204: 'No content',
  206: 'Partial content (a Range request)',
  207: 'Some files stored, some refused',
  304: 'Not modified (If-None-Match)',
  400: 'Invalid request',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed',
  404: 'Not found, or not visible to the caller',
  408: 'The upload stalled',
  409: 'Conflict',
  413: 'Too large',
  415: 'Type not allowed, or content not matching the extension',
  416: 'Range not satisfiable',
  423: 'Locked: another request is writing to it',
  429: 'Too many requests (see Retry-After)',
  460: 'Checksum mismatch: nothing was appended',
  503: 'Not ready',
  507: 'Storage quota exceeded',
};

/** Request shapes as a client sends them; responses as the server writes them. */
const asInput = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const asOutput = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;

const withoutDialect = ({ $schema: _dialect, ...rest }: JsonSchema): JsonSchema => rest;

/** `/api/files/:id` as OpenAPI writes it: `/api/files/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = asInput(schema) as { properties?: Record<string, JsonSchema> };
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    // Required when leaving it out is refused (a preprocessed query value shows no optionality of its own).
    required: where === 'path' || shape[name]?.safeParse(undefined).success === false,
    schema: property,
    // Repeated keys (tags=a&tags=b) for arrays.
    ...(property.type === 'array' ? { style: 'form', explode: true } : {}),
  }));
}

const MULTIPART_UPLOAD: JsonSchema = {
  type: 'object',
  required: ['files'],
  properties: {
    files: { type: 'array', maxItems: 10, items: { type: 'string', format: 'binary' } },
    is_public: { type: 'string', enum: ['true', 'false'] },
    folder_id: { type: 'string', description: 'A folder id; empty for the root' },
    tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 50 } },
  },
};

function responseOf(status: number, spec: ResponseSpec): JsonSchema {
  const description = STATUS_TEXT[status] ?? String(status);
  if (spec === NO_BODY) return { description };
  if (spec === FILE_BYTES) return { description, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  return { description, content: { 'application/json': { schema: withoutDialect(asOutput(spec)) } } };
}

function operation(route: RegisteredRoute & { doc: RouteDoc }): JsonSchema {
  const { doc, schema, access, beforePasswordChange } = route;
  const responses: Record<string, JsonSchema> = {};
  for (const [status, spec] of Object.entries(doc.responses)) responses[status] = responseOf(Number(status), spec);
  const errors = new Set(doc.errors);
  if (schema.params || schema.querystring || schema.body || doc.multipart) errors.add(400);
  if (access !== 'public') errors.add(401);
  if (access === 'admin' || (access !== 'public' && !beforePasswordChange)) errors.add(403);
  errors.add(429);
  const error = withoutDialect(asOutput(errorResponseSchema));
  for (const status of [...errors].sort()) {
    responses[String(status)] ??= { description: STATUS_TEXT[status] ?? String(status), content: { 'application/json': { schema: error } } };
  }
  const socket = doc.websocket
    ? { 'x-websocket': { clientMessages: withoutDialect(asInput(doc.websocket.receives)), serverMessages: withoutDialect(asOutput(doc.websocket.sends)) } }
    : {};
  const requestBody = doc.multipart
    ? { required: true, content: { 'multipart/form-data': { schema: MULTIPART_UPLOAD } } }
    : schema.body
      ? { required: true, content: { 'application/json': { schema: withoutDialect(asInput(schema.body)) } } }
      : undefined;
  return {
    summary: doc.summary,
    tags: [doc.tag],
    operationId: `${route.method.toLowerCase()}${openApiPath(route.url).replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(access === 'public' ? { security: [] } : {}),
    parameters: [...parameters(schema.params, 'path'), ...parameters(schema.querystring ?? doc.websocket?.query, 'query')],
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...socket,
  };
}

/** The OpenAPI 3.1 document of every declared route, its shapes converted from the contract by zod. */
export function buildDocument(routes: readonly RegisteredRoute[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    if (!route.doc) continue;
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route as RegisteredRoute & { doc: RouteDoc });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vault API',
      version,
      description: 'Every error answers `{ "error": "sentence" }`. Send `Authorization: Bearer <token>` from sign-in or registration.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

/** Records each route as Fastify registers it. */
export function routeRecorder(): { routes: RegisteredRoute[]; onRoute(options: RouteOptions): void } {
  const routes: RegisteredRoute[] = [];
  return {
    routes,
    onRoute(options) {
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      for (const method of methods) {
        // Fastify answers HEAD for every GET route, registered just after it: the document lists the GET.
        // A HEAD route of its own (tus) is listed.
        if (method === 'HEAD' && routes.some((r) => r.method === 'GET' && r.url === options.url)) continue;
        const schema = (options.schema ?? {}) as RegisteredRoute['schema'];
        if (options.config?.doc && /:\w/.test(options.url) && !schema.params) {
          throw new Error(`${method} ${options.url} has path parameters but declares no params schema`);
        }
        routes.push({ method, url: options.url, access: options.config?.access ?? (options.url.startsWith('/api/') ? 'user' : 'public'),
          beforePasswordChange: options.config?.beforePasswordChange === true,
          schema, doc: options.config?.doc });
      }
    },
  };
}
