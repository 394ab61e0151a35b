import { describe, expect, it } from 'vitest';
import { isTokenExpired, readTokenExpiry, shouldRenewToken } from './jwt';
import { makeToken } from '../test/tokens';

describe('readTokenExpiry', () => {
  it('reads the exp claim', () => {
    expect(readTokenExpiry(makeToken(1_700_000_000))).toBe(1_700_000_000);
  });

  it('returns null for unreadable tokens', () => {
    expect(readTokenExpiry('')).toBeNull();
    expect(readTokenExpiry('not-a-jwt')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
    expect(readTokenExpiry(`a.${btoa('{"sub":"1"}')}.c`)).toBeNull();
    expect(readTokenExpiry(`a.${btoa('{"exp":"soon"}')}.c`)).toBeNull();
  });

  it('decodes base64url payloads', () => {
    // A payload whose base64 form contains '-' / '_' once made URL-safe.
    const claims = { exp: 1_800_000_000, name: '~~~???>>>' };
    const payload = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(payload).toMatch(/[-_]/);
    expect(readTokenExpiry(`h.${payload}.s`)).toBe(1_800_000_000);
  });
});

describe('isTokenExpired', () => {
  const now = 1_700_000_000_000;

  it('is false before exp', () => {
    expect(isTokenExpired(makeToken(now / 1000 + 60), now)).toBe(false);
  });

  it('is true at and after exp', () => {
    expect(isTokenExpired(makeToken(now / 1000), now)).toBe(true);
    expect(isTokenExpired(makeToken(now / 1000 - 1), now)).toBe(true);
  });

  it('counts an unreadable token as expired', () => {
    expect(isTokenExpired('garbage', now)).toBe(true);
  });
});

describe('shouldRenewToken', () => {
  const now = 1_700_000_000_000;
  const nowSeconds = now / 1000;
  // A 24-hour token issued 13 hours ago: less than half its life is left.
  const pastHalf = makeToken(nowSeconds + 11 * 3600, nowSeconds - 13 * 3600);

  it('renews past half-life when the user was active since it was issued', () => {
    expect(shouldRenewToken(pastHalf, now - 60_000, now)).toBe(true);
  });

  it('waits while more than half the lifetime is left', () => {
    expect(shouldRenewToken(makeToken(nowSeconds + 13 * 3600, nowSeconds - 11 * 3600), now, now)).toBe(false);
  });

  it('never renews for a user idle since issue, an expired or an unreadable token', () => {
    expect(shouldRenewToken(pastHalf, (nowSeconds - 14 * 3600) * 1000, now)).toBe(false);
    expect(shouldRenewToken(pastHalf, null, now)).toBe(false);
    expect(shouldRenewToken(makeToken(nowSeconds - 1, nowSeconds - 3601), now, now)).toBe(false);
    expect(shouldRenewToken('garbage', now, now)).toBe(false);
  });
});
