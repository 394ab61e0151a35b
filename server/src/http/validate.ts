import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idParamSchema } from '@vault/contract';
import { Invalid } from '../domain/shared/errors.js';

/** Whether any text in a parsed request part (strings, arrays, plain objects: JSON's shapes) holds a NUL character. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).some(holdsNul);
}

/**
 * Parses input with a contract schema; the first problem becomes a 400 with
 * its message. No text that passes may hold a NUL character, which PostgreSQL
 * cannot store nor compare with (a search for one was a 500), whatever the
 * field; fields that refuse control characters say so in their own words first.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) {
    if (holdsNul(result.data)) throw new Invalid('Text must not contain the NUL character');
    return result.data;
  }
  const issue = result.error.issues[0];
  if (!issue) throw new Invalid('Invalid request');
  if (issue.path.length === 0 && issue.code === 'invalid_type') throw new Invalid('Request body must be a JSON object');
  throw new Invalid(issue.message);
}

/** The :id path parameter: a positive whole number, else 400 'Invalid id'. */
export function idOf(request: FastifyRequest): number {
  return parse(idParamSchema, request.params).id;
}

/**
 * Fastify's validator for routes declared with contract schemas (see api()):
 * each part is parsed by its zod schema, the first problem becoming a 400,
 * and the handler receives the parsed values.
 */
export function zodValidatorCompiler({ schema }: { schema: unknown }) {
  return (data: unknown) => {
    try {
      return { value: parse(schema as z.ZodType, data) };
    } catch (err) {
      return { error: err as Error };
    }
  };
}

/** A request part that the route's schema has already parsed, typed as that schema's output. */
export function validated<S extends z.ZodType>(_schema: S, value: unknown): z.output<S> {
  return value as z.output<S>;
}
