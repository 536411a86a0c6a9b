import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';

const ISSUER = 'thpt-chuyen';
/** The claim holding the user's token version when the token was issued (users.token_version). */
const VERSION_CLAIM = 'ver';
/** The claim holding the signed-in device's session (user_sessions.id); absent in tokens issued before sessions. */
const SESSION_CLAIM = 'sid';

/** What a valid session token says: whose it is, the user's token version when it was issued, and its session. */
export interface SessionClaims {
  userId: number;
  version: number;
  /** null for a token issued before sessions existed: it keeps working until it expires or the version moves on. */
  sessionId: string | null;
}

const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
/** A token lifetime as config.ts accepts it ("7d", "12h") in seconds. */
export function ttlSeconds(ttl: string): number {
  const m = /^(\d+)([smhdw])$/.exec(ttl.replace(/\s+/g, ''));
  if (!m) throw new Error(`bad token lifetime: ${ttl}`);
  return Number(m[1]) * TTL_UNITS[m[2]]!;
}

/** AUTH_SECRET, or one generated on first start and kept in the data dir (never in production). */
export function resolveSecret(opts: { secret?: string; dataDir: string; production: boolean }): Uint8Array {
  if (opts.secret) return new TextEncoder().encode(opts.secret);
  if (opts.production) throw new Error('AUTH_SECRET is required in production');
  const file = join(opts.dataDir, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(opts.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Valid tokens remembered by a process at most (a rush's students, several times over); past it the oldest go. */
const VERIFIED_MAX = 10_000;

export function createSessionTokens(secret: Uint8Array, ttl: string) {
  // Imported once: given the raw bytes, jose imports the key again on every verify (every API call).
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  key.catch(() => {}); // a bad secret fails where the key is used, not as an unhandled rejection here
  /**
   * Tokens found valid, by their whole text, with their claims and expiry: a token seen again is not
   * checked again, only its expiry is (the same text is the same signature; any other text is checked).
   * Whether its user, roles and session still hold is the guard's question, asked at every call.
   */
  const verified = new Map<string, { claims: SessionClaims; exp: number }>();
  return {
    /** How long a token lives: a session older than this has no working token left. */
    ttlSeconds: /^-/.test(ttl) ? 0 : ttlSeconds(ttl),
    /**
     * `version` is the user's current token version: "end every session" bumps it and the older tokens stop
     * working. `sessionId` is the device's row in user_sessions: revoking it ends this token alone.
     */
    async sign(userId: number, version = 0, sessionId: string | null = null): Promise<string> {
      return new SignJWT(sessionId ? { [VERSION_CLAIM]: version, [SESSION_CLAIM]: sessionId } : { [VERSION_CLAIM]: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(await key);
    },
    /**
     * The claims of a valid, unexpired token, else null. A token without a version (signed before versions) is version 0.
     * Checked with node:crypto's HMAC, synchronously: ~5 µs of CPU where jose's WebCrypto path took ~24 µs
     * and a hop through the thread pool; then remembered (`verified`), its expiry checked at every call.
     */
    async verify(token: string): Promise<SessionClaims | null> {
      const kept = verified.get(token);
      if (kept) {
        if (kept.exp > Date.now() / 1000) return kept.claims;
        verified.delete(token);
        return null;
      }
      try {
        const payload = verifyHs256(token, secret);
        if (!payload || payload.iss !== ISSUER) return null;
        const userId = Number(payload.sub);
        const version = payload[VERSION_CLAIM] ?? 0;
        const sessionId = payload[SESSION_CLAIM] ?? null;
        if (!Number.isInteger(userId) || userId <= 0 || typeof version !== 'number' || !Number.isInteger(version)) return null;
        if (sessionId !== null && (typeof sessionId !== 'string' || !sessionId || sessionId.length > 64)) return null;
        const claims: SessionClaims = Object.freeze({ userId, version, sessionId });
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, exp: payload.exp! });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;

/** An HS256 JWT's payload when its signature is `secret`'s and it is within its validity, else null. */
function verifyHs256(token: string, secret: Uint8Array): JWTPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || given.toString('base64url') !== sig || !timingSafeEqual(given, expected)) return null;
  const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown; crit?: unknown };
  if (header.alg !== 'HS256' || header.crit !== undefined) return null;
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as JWTPayload;
  if (!payload || typeof payload !== 'object') return null;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  return payload;
}

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** Verifies a Google ID token: RS256 against the JWKS, issuer, audience, expiry. */
export function createGoogleVerifier(opts: { jwksUrl: string; clientId: string }) {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl));
  return async (idToken: string): Promise<GoogleIdentity | null> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: opts.clientId,
        algorithms: ['RS256'],
      }));
    } catch {
      return null;
    }
    if (typeof payload.email !== 'string' || !payload.email) return null;
    return {
      email: payload.email,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name : null,
      picture: typeof payload.picture === 'string' ? payload.picture : null,
    };
  };
}
export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
