/** The `exp` claim (seconds since the epoch) of a JWT, or null when the token cannot be read. */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp : null;
  } catch {
    return null;
  }
}

/** SPEC §5: expiry comes from the token's `exp` claim; an unreadable token counts as expired. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = readTokenExpiry(token);
  return exp === null || exp * 1000 <= now;
}
