import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
export interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** A document path as a pattern: `/api/files/{id}` matches `/api/files/7`; fixed paths are tried first. */
function matchers(doc: Document) {
  return Object.keys(doc.paths)
    .map((template) => ({ template, params: (template.match(/\{/g) ?? []).length, pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`) }))
    .sort((a, b) => a.params - b.params);
}

/**
 * Checks real answers against the OpenAPI document: the status must be one
 * the operation lists, and a JSON body must match that status's schema.
 * Paths the document does not name (404s of unknown URLs) are not checked.
 */
export function createResponseChecker(doc: Document) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  const compiled = new Map<object, ValidateFunction>();
  const paths = matchers(doc);
  return (method: string, url: string, status: number, contentType: string | null, body: unknown): void => {
    const path = url.split('?')[0]!;
    const match = paths.find((p) => p.pattern.test(path) && doc.paths[p.template]![method.toLowerCase()]);
    if (!match) return;
    const operation = doc.paths[match.template]![method.toLowerCase()]!;
    const response = operation.responses[String(status)];
    if (!response) throw new Error(`${method} ${match.template} answered ${status}, which the OpenAPI document does not list`);
    const schema = response.content?.['application/json']?.schema;
    if (!schema || !contentType?.includes('application/json')) return;
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    if (!validate(body)) {
      throw new Error(`${method} ${match.template} ${status}: the body does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
    }
  };
}

export type ResponseChecker = ReturnType<typeof createResponseChecker>;
