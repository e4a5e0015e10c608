// The share-link view counter alone: what opens a visit, when a visit ends, bounded memory, no address kept.
import { describe, expect, it } from 'vitest';

import { opensPlayback, ViewCounter } from '../../server/routes/customers/viewCounter';

describe('opensPlayback', () => {
  it('only a GET of the whole file or from byte 0 may open a visit', () => {
    expect(opensPlayback('GET', undefined)).toBe(true);
    expect(opensPlayback('GET', 'bytes=0-')).toBe(true);
    expect(opensPlayback('GET', 'bytes=0-0')).toBe(true);
    expect(opensPlayback('GET', 'bytes=1-1')).toBe(false);
    expect(opensPlayback('GET', 'bytes=-500')).toBe(false);
    expect(opensPlayback('HEAD', undefined)).toBe(false);
  });
});

describe('ViewCounter', () => {
  const t0 = 1_700_000_000_000;

  it('counts one view per visit; a visit ends after 30 minutes without a request', () => {
    const c = new ViewCounter();
    expect(c.seen('l', '10.0.0.1', 'ua', true, t0)).toBe(true);
    expect(c.seen('l', '10.0.0.1', 'ua', true, t0 + 1000)).toBe(false);
    expect(c.seen('l', '10.0.0.1', 'ua', false, t0 + 25 * 60_000)).toBe(false); // keeps the visit open
    expect(c.seen('l', '10.0.0.1', 'ua', true, t0 + 50 * 60_000)).toBe(false);
    expect(c.seen('l', '10.0.0.1', 'ua', true, t0 + 81 * 60_000)).toBe(true);
    expect(c.seen('l2', '10.0.0.1', 'ua', true, t0)).toBe(true); // another link
  });

  it('keeps at most maxViewers, forgetting the oldest first', () => {
    const c = new ViewCounter(30 * 60_000, 100);
    for (let i = 0; i < 1000; i++) c.seen('l', `10.0.${i >> 8}.${i & 255}`, 'ua', true, t0 + i);
    const kept = (c as unknown as { lastSeen: Map<string, number> }).lastSeen;
    expect(kept.size).toBe(100);
    // The most recent viewer is still in its visit; the first one was forgotten and counts again.
    expect(c.seen('l', '10.0.3.231', 'ua', true, t0 + 1000)).toBe(false);
    expect(c.seen('l', '10.0.0.0', 'ua', true, t0 + 1001)).toBe(true);
  });

  it('never keeps the address itself', () => {
    const c = new ViewCounter();
    c.seen('l', '203.0.113.77', 'Mozilla', true, t0);
    const keys = [...(c as unknown as { lastSeen: Map<string, number> }).lastSeen.keys()];
    expect(keys.join()).not.toContain('203.0.113.77');
    expect(keys.join()).not.toContain('Mozilla');
  });
});
