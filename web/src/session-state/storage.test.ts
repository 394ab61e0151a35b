import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, loadStoredSession, readLastActivity, readToken, readUser, saveSession } from './storage';
import { makeToken, makeUser } from '../test/tokens';

const now = 1_700_000_000_000;
const validToken = makeToken(now / 1000 + 3600);
const user = makeUser();

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('stores token, user and lastActivity under the spec keys', () => {
    saveSession({ token: validToken, user }, now);
    expect(localStorage.getItem('token')).toBe(validToken);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(localStorage.getItem('lastActivity')).toBe(String(now));
    expect(readToken()).toBe(validToken);
    expect(readUser()).toEqual(user);
    expect(readLastActivity()).toBe(now);
  });

  it('clears every key', () => {
    saveSession({ token: validToken, user }, now);
    clearSession();
    expect(localStorage.length).toBe(0);
  });

  it('loads a valid stored session', () => {
    saveSession({ token: validToken, user }, now);
    expect(loadStoredSession(now)).toEqual({ token: validToken, user });
  });

  it('clears an expired token silently', () => {
    saveSession({ token: makeToken(now / 1000 - 1), user }, now);
    expect(loadStoredSession(now)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('clears an unreadable token silently', () => {
    saveSession({ token: 'definitely.not.jwt', user }, now);
    expect(loadStoredSession(now)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('clears a session whose stored user is unreadable', () => {
    localStorage.setItem('token', validToken);
    localStorage.setItem('user', '{broken');
    expect(loadStoredSession(now)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('returns null without touching storage when nothing is stored', () => {
    localStorage.setItem('unrelated', 'kept');
    expect(loadStoredSession(now)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
