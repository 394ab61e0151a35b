function readClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function numericClaim(token: string, name: 'exp' | 'iat'): number | null {
  const value = readClaims(token)?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The `exp` claim (seconds since the epoch) of a JWT, or null when the token cannot be read. */
export function readTokenExpiry(token: string): number | null {
  return numericClaim(token, 'exp');
}

/** Expiry comes from the token's `exp` claim; an unreadable token counts as expired. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = readTokenExpiry(token);
  return exp === null || exp * 1000 <= now;
}

/**
 * Time to renew: less than half the token's lifetime (exp - iat) is left and
 * the user has been active since it was issued, so an idle tab never keeps a
 * session alive but a working user is never cut off.
 */
export function shouldRenewToken(token: string, lastActivity: number | null, now: number = Date.now()): boolean {
  const exp = readTokenExpiry(token);
  const iat = numericClaim(token, 'iat');
  if (exp === null || iat === null || lastActivity === null || exp <= iat) return false;
  const halfLife = ((exp - iat) * 1000) / 2;
  return exp * 1000 - now < halfLife && lastActivity > iat * 1000 && !isTokenExpired(token, now);
}
