// Session tokens: HS256 JWTs (algorithm allow-listed, exp checked) carrying the user's token version.
// A token is refused when its subject is not a plain decimal id, or when it was issued longer ago than a
// session lasts, whatever its own exp says (docs/security-dos.md).
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  version: number;
}

const ALG = 'HS256';
/** How long a session lasts: the exp given at sign-in, and the oldest iat accepted. */
export const SESSION_SECONDS = 12 * 3600;
/** HS256 needs a key at least as long as its hash: shorter secrets can be brute-forced offline. */
export const MIN_SECRET_BYTES = 32;
/** A user id as the token's subject: decimal digits only ("0x4", "4e0", " 4" are not ids). */
const SUBJECT = /^[1-9]\d{0,8}$/;
/** Tokens whose signature was checked, kept so that the dashboard's hundreds of calls check it once. */
const VERIFIED_KEPT = 1000;

export class TokenService {
  private key: Uint8Array;
  /** Token -> its claims and expiry (ms), in order of last use. Only signature-checked tokens get here. */
  private verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
    if (this.key.byteLength < MIN_SECRET_BYTES) throw new Error(`JWT secret shorter than ${MIN_SECRET_BYTES} bytes`);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALG })
      .setSubject(String(claims.userId))
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${SESSION_SECONDS}s`)
      .sign(this.key);
  }

  /**
   * The claims of a valid token, or null for a missing, forged, expired or malformed one. A token already
   * checked is not checked again until it expires (the guard still reads the user each time, so a
   * logout, a password change or a disabled account ends it at once).
   */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      this.verified.delete(token);
      if (Date.now() >= known.expiresAt) return null;
      this.verified.set(token, known);
      return known.claims;
    }
    try {
      // maxTokenAge: iat required, not in the future, and no older than a session.
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        maxTokenAge: SESSION_SECONDS,
        requiredClaims: ['exp', 'sub'],
      });
      const { sub, ver, exp, iat } = payload;
      if (
        typeof sub !== 'string' ||
        !SUBJECT.test(sub) ||
        typeof ver !== 'number' ||
        !Number.isSafeInteger(ver) ||
        ver < 0
      )
        return null;
      if (typeof exp !== 'number' || typeof iat !== 'number') return null;
      const claims = { userId: Number(sub), version: ver };
      // Kept no longer than the first of its exp and the end of its session.
      this.verified.set(token, { claims, expiresAt: Math.min(exp, iat + SESSION_SECONDS) * 1000 });
      if (this.verified.size > VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
      return claims;
    } catch {
      return null;
    }
  }
}
