import { STORAGE_KEYS, userSchema, type AuthResponse, type User } from '@vault/contract';
import { isTokenExpired } from './jwt';

export interface StoredSession {
  token: string;
  user: User;
}

// localStorage can be unavailable (privacy modes, blocked storage): the app then keeps no session.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: without storage the session lasts only as long as the page.
  }
}

export function readToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function readUser(): User | null {
  const raw = read(STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Milliseconds timestamp of the last user activity, or null. */
export function readLastActivity(): number | null {
  const value = Number(read(STORAGE_KEYS.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function touchActivity(now: number = Date.now()): void {
  write(STORAGE_KEYS.lastActivity, String(now));
}

export function saveUser(user: User): void {
  write(STORAGE_KEYS.user, JSON.stringify(user));
}

/** A renewed token replaces the stored one; renewal is not activity. */
export function saveToken(token: string): void {
  write(STORAGE_KEYS.token, token);
}

export function saveSession({ token, user }: AuthResponse, now: number = Date.now()): void {
  saveToken(token);
  saveUser(user);
  touchActivity(now);
}

export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage unavailable: nothing was stored.
    }
  }
}

/**
 * The stored session if it can still be used. A missing or unreadable user,
 * or an unreadable or expired token, clears the storage silently.
 */
export function loadStoredSession(now: number = Date.now()): StoredSession | null {
  const token = readToken();
  const user = readUser();
  if (token !== null && user !== null && !isTokenExpired(token, now)) return { token, user };
  if (token !== null || read(STORAGE_KEYS.user) !== null) clearSession();
  return null;
}
