// Session tokens: a checked token is kept until it expires, never past it; a forged one is never kept.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../../server/auth/tokens';

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
