// Session tokens: HS256 JWTs (algorithm allow-listed, exp checked) carrying the user's token version.
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  version: number;
}

const ALG = 'HS256';
const LIFETIME = '12h';
/** Tokens whose signature was checked, kept so that the dashboard's hundreds of calls check it once. */
const VERIFIED_KEPT = 1000;

export class TokenService {
  private key: Uint8Array;
  /** Token -> its claims and expiry (ms), in order of last use. Only signature-checked tokens get here. */
  private verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALG })
      .setSubject(String(claims.userId))
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime(LIFETIME)
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
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG] });
      const userId = Number(payload.sub);
      const version = Number(payload.ver);
      if (!Number.isInteger(userId) || !Number.isInteger(version) || typeof payload.exp !== 'number') return null;
      const claims = { userId, version };
      this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      if (this.verified.size > VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
      return claims;
    } catch {
      return null;
    }
  }
}
