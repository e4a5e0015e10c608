// Session tokens: a checked token is kept until it expires, never past it; a forged one is never kept.
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SESSION_SECONDS, TokenService } from '../../server/auth/tokens';

afterEach(() => vi.useRealTimers());

describe('TokenService.verify', () => {
  it('gives the same claims on later calls, and null once the token has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    const tokens = new TokenService('a-secret-for-this-test-only-0123456789');
    const token = await tokens.sign({ userId: 7, version: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, version: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, version: 2 });
    vi.setSystemTime(new Date('2026-11-23T19:59:00Z'));
    expect(await tokens.verify(token)).toEqual({ userId: 7, version: 2 });
    vi.setSystemTime(new Date('2026-11-23T20:00:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret, each time', async () => {
    const forged = await new TokenService('another-secret-for-this-test-0123456789').sign({ userId: 1, version: 0 });
    const tokens = new TokenService('a-secret-for-this-test-only-0123456789');
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(forged)).toBeNull();
    const good = await tokens.sign({ userId: 1, version: 0 });
    expect(await tokens.verify(good)).not.toBeNull();
    // The same payload under the other signature is still refused once the good one is kept.
    expect(await tokens.verify(forged)).toBeNull();
  });
});

describe('TokenService: what a signed token must hold', () => {
  const SECRET = 'a-secret-for-this-test-only-0123456789';
  const tokens = new TokenService(SECRET);
  const key = new TextEncoder().encode(SECRET);
  const now = () => Math.floor(Date.now() / 1000);
  /** A token signed with the right key, its claims chosen by the test. */
  const forge = (claims: Record<string, unknown>, iat: number | null = now(), exp = now() + 3600) => {
    const jwt = new SignJWT({ ver: 0, ...claims }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp);
    if (iat !== null) jwt.setIssuedAt(iat);
    return jwt.sign(key);
  };

  it('accepts a decimal subject', async () => {
    expect(await tokens.verify(await forge({ sub: '4' }))).toEqual({ userId: 4, version: 0 });
  });

  it.each(['0x4', '4e0', ' 4', '4 ', '+4', '04', '4.0', '0', '-4', '', '1234567890'])(
    'refuses the subject %j',
    async (sub) => {
      expect(await tokens.verify(await forge({ sub }))).toBeNull();
    },
  );

  it('refuses a numeric (not string) subject and a version that is not a whole number', async () => {
    expect(await tokens.verify(await forge({ sub: 4 }))).toBeNull();
    expect(await tokens.verify(await forge({ sub: '4', ver: '0' }))).toBeNull();
    expect(await tokens.verify(await forge({ sub: '4', ver: 0.5 }))).toBeNull();
  });

  it('refuses a token issued longer ago than a session lasts, whatever its exp', async () => {
    const longAgo = now() - SESSION_SECONDS - 60;
    expect(await tokens.verify(await forge({ sub: '4' }, longAgo, now() + 365 * 86400))).toBeNull();
    // Just within a session: accepted.
    expect(await tokens.verify(await forge({ sub: '4' }, now() - SESSION_SECONDS + 60, now() + 60))).not.toBeNull();
  });

  it('refuses a token without iat, or issued in the future', async () => {
    expect(await tokens.verify(await forge({ sub: '4' }, null))).toBeNull();
    expect(await tokens.verify(await forge({ sub: '4' }, now() + 3600, now() + 7200))).toBeNull();
  });

  it('a kept token stops at the end of its session even when its exp is later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    const token = await forge({ sub: '4' }, now(), now() + 30 * 86400);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-23T20:00:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a secret under 32 bytes', () => {
    expect(() => new TokenService('x'.repeat(31))).toThrow();
    expect(() => new TokenService('x'.repeat(32))).not.toThrow();
  });
});
