import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Client } from './client.js';

/** The TOTP code an authenticator shows `offsetSeconds` from now. */
export function codeAt(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/**
 * Turns on two-factor sign-in, confirming with the code of the previous time
 * step, so the current and next steps are still unused. A step that ends
 * between making the code and checking it puts that code out of the window:
 * then it is tried once more with the next one. Returns the answer and the
 * code it spent.
 */
export async function enableTwoFactor(client: Client, token: string, password: string, secret: string) {
  const attempt = async () => {
    const code = await codeAt(secret, -30);
    return { code, res: await client.post('/api/account/2fa/enable', { token, json: { password, code } }) };
  };
  let enabled = await attempt();
  if (enabled.res.status === 400) enabled = await attempt();
  expect(enabled.res.status, enabled.res.text).toBe(200);
  return { spentCode: enabled.code, recoveryCodes: enabled.res.body.recovery_codes as string[] };
}

/** Registers a user and turns on two-factor sign-in (see `enableTwoFactor`). */
export async function userWithTwoFactor(client: Client) {
  const user = await client.register();
  const setup = await client.post('/api/account/2fa/setup', { token: user.token });
  expect(setup.status, setup.text).toBe(200);
  const secret: string = setup.body.secret;
  return { ...user, secret, ...(await enableTwoFactor(client, user.token, user.password, secret)) };
}

/** The password step; with two-factor sign-in on it answers a challenge. */
export async function passwordStep(client: Client, username: string, password: string, mode?: 'admin'): Promise<string> {
  const res = await client.post('/api/auth/login', { json: { username, password, ...(mode ? { mode } : {}) } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.two_factor_required).toBe(true);
  expect(res.body.token).toBeUndefined();
  return res.body.challenge;
}
