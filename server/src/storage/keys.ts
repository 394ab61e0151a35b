import { randomUUID } from 'node:crypto';

/** objects/ab/<uuid>: random, so concurrent writers never collide; fanned out over 256 prefixes. */
export function newObjectKey(): string {
  const id = randomUUID();
  return `objects/${id.slice(0, 2)}/${id}`;
}

const KEY_PATTERN = /^objects\/[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
