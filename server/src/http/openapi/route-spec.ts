import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Access, Budget } from '../request-context.js';

/** A response that is a file's bytes, not JSON. */
export const FILE_BYTES = 'file-bytes';
/** A response without a body (204). */
export const NO_BODY = 'no-body';

/** What a download answers: the bytes, a range of them, or 304 when the client's copy is current. */
export const FILE_ANSWERS = { 200: FILE_BYTES, 206: FILE_BYTES, 304: NO_BODY } as const;

export type ResponseSpec = z.ZodType | typeof FILE_BYTES | typeof NO_BODY;

/** What the API reference says of a route, beside the schemas Fastify validates with. */
export interface RouteDoc {
  summary: string;
  /** The section of the reference. */
  tag: string;
  /** Success answers by status. */
  responses: Record<number, ResponseSpec>;
  /** Error answers (`{ error }`) the route itself gives; 400, 401, 403 and 429 follow from the rest. */
  errors: number[];
  /** The body is a multipart upload (files and form fields), read as a stream rather than validated whole. */
  multipart?: boolean;
  websocket?: WebSocketDoc;
}

/**
 * A websocket route: what its upgrade request carries and which messages go
 * each way. Only documented: the socket checks them itself, since a refusal
 * there is a close code, not an HTTP answer.
 */
export interface WebSocketDoc {
  query: z.ZodType;
  /** Messages the client may send. */
  receives: z.ZodType;
  /** Messages the server sends. */
  sends: z.ZodType;
}

export interface RouteSpec {
  summary: string;
  tag: string;
  access?: Access;
  budget?: Budget;
  /** Open to a user who must change their password first (after an admin reset). */
  beforePasswordChange?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  multipart?: boolean;
  websocket?: WebSocketDoc;
  responses: Record<number, ResponseSpec>;
  errors?: number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

/**
 * A route's one declaration: its contract schemas become the route's Fastify
 * schema (validated by the zod validator compiler before the handler runs,
 * which then reads the parsed values) and, with the rest, its entry in the
 * OpenAPI document. Spread into the route options.
 */
export function api(spec: RouteSpec): { schema: FastifySchema; config: { access?: Access; budget?: Budget; beforePasswordChange?: boolean; doc: RouteDoc } } {
  const schema: FastifySchema = {};
  if (spec.params) schema.params = spec.params;
  if (spec.query) schema.querystring = spec.query;
  if (spec.body) schema.body = spec.body;
  const doc: RouteDoc = { summary: spec.summary, tag: spec.tag, responses: spec.responses, errors: spec.errors ?? [] };
  if (spec.multipart) doc.multipart = true;
  if (spec.websocket) doc.websocket = spec.websocket;
  return {
    schema,
    config: {
      ...(spec.access ? { access: spec.access } : {}),
      ...(spec.budget ? { budget: spec.budget } : {}),
      ...(spec.beforePasswordChange ? { beforePasswordChange: true } : {}),
      doc,
    },
  };
}
