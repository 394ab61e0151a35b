import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { Unauthorized } from '../shared/errors.js';

/** Each token says what it is for; one kind is never accepted in another's place. */
type Purpose = 'session' | 'download' | 'two-factor' | 'link' | 'zip';

export interface SessionClaims {
  userId: number;
  sessionId: string;
  expiresAt: number;
}

/** A download link lives no longer than the session that asked for it. */
export interface DownloadClaims {
  userId: number;
  sessionId: string;
  fileId: number;
  /** A preview's link: it serves the file in place (?inline=1) and nothing else. */
  inlineOnly: boolean;
  expiresAt: number;
}

/** The password step of a two-factor sign-in, passed; never a session. */
export interface ChallengeClaims {
  userId: number;
  /** Attempts are counted per challenge, and a challenge completes one sign-in only. */
  challengeId: string;
  mode: 'user' | 'admin';
  /** The checked password's stamp (passwordStamp): a password changed since then ends the sign-in. */
  passwordStamp: string;
  expiresAt: number;
}

/** What a share link's password earns: access to that link while it stays as it was (its version). */
export interface LinkGrantClaims {
  linkId: number;
  version: number;
  /** When the password was entered (ms): a renewed grant carries it on. */
  unlockedAt: number;
  expiresAt: number;
}

/** A zip of a selection, for a plain link; it lives no longer than the session that asked for it. */
export interface ZipClaims {
  userId: number;
  sessionId: string;
  fileIds: number[];
  folderIds: number[];
}

export interface TokenService {
  issueSession(userId: number, sessionId: string, ttlSeconds: number): Promise<{ token: string; expiresAt: number }>;
  verifySession(token: string): Promise<SessionClaims>;
  issueDownload(claims: Omit<DownloadClaims, 'expiresAt'>, ttlSeconds: number): Promise<{ token: string; expiresAt: number }>;
  verifyDownload(token: string): Promise<DownloadClaims>;
  issueChallenge(claims: Omit<ChallengeClaims, 'expiresAt'>, ttlSeconds: number): Promise<{ token: string; expiresAt: number }>;
  verifyChallenge(token: string): Promise<ChallengeClaims>;
  issueLinkGrant(claims: Omit<LinkGrantClaims, 'expiresAt'>, ttlSeconds: number): Promise<{ token: string; expiresAt: number }>;
  verifyLinkGrant(token: string): Promise<LinkGrantClaims>;
  issueZip(claims: ZipClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: number }>;
  verifyZip(token: string): Promise<ZipClaims>;
}

const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isSafeInteger(n) && n > 0);

const ISSUER = 'vault';

/** Session tokens whose signature was checked, remembered up to this many. */
const VERIFIED_SESSIONS = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // A client sends the same token with every request: its signature is checked
  // once, and its claims reused until it expires (whether its session was
  // revoked is still looked up each time, by the caller).
  const verified = new Map<string, SessionClaims>();

  async function sign(purpose: Purpose, subject: number, claims: Record<string, unknown>, ttlSeconds: number) {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + ttlSeconds;
    const token = await new SignJWT({ ...claims, pur: purpose })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(subject))
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(key);
    return { token, expiresAt: exp * 1000 };
  }

  async function verify(token: string, purpose: Purpose) {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
      const userId = Number(payload.sub);
      if (payload.pur !== purpose || !Number.isSafeInteger(userId) || userId <= 0 || payload.exp === undefined) {
        throw new Unauthorized('Invalid token');
      }
      return { payload, userId, expiresAt: payload.exp * 1000 };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new Unauthorized('Token expired');
      if (err instanceof Unauthorized) throw err;
      throw new Unauthorized('Invalid token');
    }
  }

  return {
    issueSession: (userId, sessionId, ttl) => sign('session', userId, { sid: sessionId }, ttl),
    async verifySession(token) {
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) return known;
      verified.delete(token);
      const { payload, userId, expiresAt } = await verify(token, 'session');
      if (typeof payload.sid !== 'string') throw new Unauthorized('Invalid token');
      const claims = { userId, sessionId: payload.sid, expiresAt };
      if (verified.size >= VERIFIED_SESSIONS) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
      return claims;
    },
    issueDownload: ({ userId, sessionId, fileId, inlineOnly }, ttl) => sign('download', userId, { sid: sessionId, fid: fileId, ...(inlineOnly && { inl: true }) }, ttl),
    async verifyDownload(token) {
      const { payload, userId, expiresAt } = await verify(token, 'download');
      if (typeof payload.fid !== 'number' || typeof payload.sid !== 'string') throw new Unauthorized('Invalid token');
      return { userId, sessionId: payload.sid, fileId: payload.fid, inlineOnly: payload.inl === true, expiresAt };
    },
    issueChallenge: ({ userId, challengeId, mode, passwordStamp }, ttl) => sign('two-factor', userId, { cid: challengeId, mode, pws: passwordStamp }, ttl),
    async verifyChallenge(token) {
      const { payload, userId, expiresAt } = await verify(token, 'two-factor');
      if (typeof payload.cid !== 'string' || typeof payload.pws !== 'string' || (payload.mode !== 'user' && payload.mode !== 'admin')) throw new Unauthorized('Invalid token');
      return { userId, challengeId: payload.cid, mode: payload.mode, passwordStamp: payload.pws, expiresAt };
    },
    // The subject is the link: a grant names no user.
    issueLinkGrant: ({ linkId, version, unlockedAt }, ttl) => sign('link', linkId, { ver: version, una: Math.floor(unlockedAt / 1000) }, ttl),
    async verifyLinkGrant(token) {
      const { payload, userId: linkId, expiresAt } = await verify(token, 'link');
      if (typeof payload.ver !== 'number' || typeof payload.una !== 'number') throw new Unauthorized('Invalid token');
      return { linkId, version: payload.ver, unlockedAt: payload.una * 1000, expiresAt };
    },
    issueZip: ({ userId, sessionId, fileIds, folderIds }, ttl) => sign('zip', userId, { sid: sessionId, fi: fileIds, fo: folderIds }, ttl),
    async verifyZip(token) {
      const { payload, userId } = await verify(token, 'zip');
      if (typeof payload.sid !== 'string' || !isIdList(payload.fi) || !isIdList(payload.fo)) throw new Unauthorized('Invalid token');
      return { userId, sessionId: payload.sid, fileIds: payload.fi, folderIds: payload.fo };
    },
  };
}
