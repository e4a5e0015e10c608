// The share-link view counter alone: what opens a visit, one view per link and address per 30 minutes,
// IPv6 per /64, no address kept in the store.
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LimiterFactory } from '../../server/auth/limiters';
import { opensPlayback, ViewCounter } from '../../server/customers/viewCounter';

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
  afterEach(() => void vi.useRealTimers());
  const key = Buffer.alloc(32, 7);
  const counter = () => ViewCounter.create(new LimiterFactory({ kind: 'memory' }), key);

  it('counts one view per link and address per 30 minutes; continuations never count', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    const c = await counter();
    expect(await c.seen('l', '10.0.0.1', false)).toBe(false);
    expect(await c.seen('l', '10.0.0.1', true)).toBe(true);
    expect(await c.seen('l', '10.0.0.1', true)).toBe(false);
    expect(await c.seen('l2', '10.0.0.1', true)).toBe(true); // another link
    expect(await c.seen('l', '10.0.0.2', true)).toBe(true); // another address
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect(await c.seen('l', '10.0.0.1', true)).toBe(false);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(await c.seen('l', '10.0.0.1', true)).toBe(true);
  });

  it('counts an IPv6 /64 as one visitor', async () => {
    const c = await counter();
    expect(await c.seen('l', '2001:db8:1:2::1', true)).toBe(true);
    expect(await c.seen('l', '2001:db8:1:2:aaaa::9', true)).toBe(false);
    expect(await c.seen('l', '2001:db8:1:3::1', true)).toBe(true);
  });

  it('never keeps the address itself in the store', async () => {
    const c = await counter();
    await c.seen('l', '203.0.113.77', true);
    const storage = (c as unknown as { visits: { _memoryStorage: { _storage: Map<string, unknown> } } }).visits
      ._memoryStorage._storage;
    const keys = [...storage.keys()];
    expect(keys).toHaveLength(1);
    expect(keys.join()).not.toContain('203.0.113.77');
  });
});
