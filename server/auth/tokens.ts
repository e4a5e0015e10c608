// Session tokens: HS256 JWTs (algorithm allow-listed, exp checked) carrying the user's token version.
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  version: number;
}

const ALG = 'HS256';
const LIFETIME = '12h';

export class TokenService {
  private key: Uint8Array;
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

  /** The claims of a valid token, or null for a missing, forged, expired or malformed one. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG] });
      const userId = Number(payload.sub);
      const version = Number(payload.ver);
      if (!Number.isInteger(userId) || !Number.isInteger(version)) return null;
      return { userId, version };
    } catch {
      return null;
    }
  }
}
