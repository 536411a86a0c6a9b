import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';

const ISSUER = 'thpt-chuyen';

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

export function createSessionTokens(secret: Uint8Array, ttl: string) {
  // Imported once: given the raw bytes, jose imports the key again on every verify (every API call).
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  key.catch(() => {}); // a bad secret fails where the key is used, not as an unhandled rejection here
  return {
    async sign(userId: number): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(await key);
    },
    /** The user id of a valid, unexpired token, else null. */
    async verify(token: string): Promise<number | null> {
      try {
        const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, algorithms: ['HS256'] });
        const id = Number(payload.sub);
        return Number.isInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;

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
