import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idParamSchema } from '@vault/contract';
import { Invalid } from '../domain/shared/errors.js';

/** Parses input with a contract schema; the first problem becomes a 400 with its message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new Invalid('Invalid request');
  if (issue.path.length === 0 && issue.code === 'invalid_type') throw new Invalid('Request body must be a JSON object');
  throw new Invalid(issue.message);
}

/** The :id path parameter: a positive whole number, else 400 'Invalid id'. */
export function idOf(request: FastifyRequest): number {
  return parse(idParamSchema, request.params).id;
}
