import type { User } from '@vault/contract';

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token; the web only reads its `exp` and `iat` claims. By default it lived an hour. */
export function makeToken(expSeconds: number, iatSeconds: number = expSeconds - 3600): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: '7', iat: iatSeconds, exp: expSeconds })}.signature`;
}

export function futureToken(): string {
  return makeToken(Math.floor(Date.now() / 1000) + 3600);
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'alice',
    email: 'alice@example.com',
    is_admin: false,
    created_at: '2024-01-05T09:07:30.000Z',
    ...overrides,
  };
}
