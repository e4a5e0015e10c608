import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/auth/loginThrottle';

describe('LoginThrottle', () => {
  it('blocks a mail after its limit of failures within the window, then forgets them', () => {
    const t = new LoginThrottle({ perMail: 10, perAddress: 100, windowMs: 15 * 60_000 });
    const start = 1_000_000;
    for (let i = 0; i < 10; i++) {
      expect(t.isBlocked('a@b.fr', '1.1.1.1', start + i)).toBe(false);
      t.recordFailure('a@b.fr', '1.1.1.1', start + i);
    }
    expect(t.isBlocked('a@b.fr', '2.2.2.2', start + 20)).toBe(true);
    expect(t.isBlocked('c@d.fr', '1.1.1.1', start + 20)).toBe(false);
    expect(t.isBlocked('a@b.fr', '1.1.1.1', start + 15 * 60_000 + 20)).toBe(false);
  });
  it('blocks an address after its limit over any mails', () => {
    const t = new LoginThrottle({ perMail: 10, perAddress: 100, windowMs: 60_000 });
    for (let i = 0; i < 100; i++) t.recordFailure(`u${i}@b.fr`, '9.9.9.9', i);
    expect(t.isBlocked('new@b.fr', '9.9.9.9', 200)).toBe(true);
    expect(t.isBlocked('new@b.fr', '8.8.8.8', 200)).toBe(false);
  });
});
