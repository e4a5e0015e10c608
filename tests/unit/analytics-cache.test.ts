import 'fake-indexeddb/auto';

import { describe, expect, it } from 'vitest';

import { deleteCache, readProducts, readSessionChunks, writeProducts } from '../../workers/analytics/cache';
import { toColumns } from '../../workers/analytics/columns';
import { forEachLimited } from '../../workers/analytics/fetch';
import { SessionDictionary } from '../../workers/analytics/sessions';

describe('the IndexedDB cache', () => {
  it('keeps one record per product with its typed arrays, ETag and fetch time, and the session strings once', async () => {
    const d = new SessionDictionary();
    const cols = d.store(
      toColumns(7, [{ timestamp: '2025-01-01T00:00:00Z', userSessionId: 's', consultation: true, country: 'FR' }]),
    );
    await writeProducts([{ ...cols, etag: '"p7-1-1"', fetchedAt: 1234 }], d.takeChunk());
    const found = await readProducts([7, 8]);
    expect([...found.keys()]).toEqual([7]);
    const r = found.get(7)!;
    expect(r.etag).toBe('"p7-1-1"');
    expect(r.fetchedAt).toBe(1234);
    expect(r.time).toBeInstanceOf(Float64Array);
    expect([...r.time]).toEqual([Date.UTC(2025, 0, 1)]);
    expect(r.session).toBeInstanceOf(Uint32Array);
    expect([...r.session]).toEqual([0]);
    expect(await readSessionChunks()).toEqual([{ start: 0, strings: ['s'] }]);
  });

  it('is deleted entirely (logout, 401)', async () => {
    await writeProducts([{ ...new SessionDictionary().store(toColumns(9, [])), etag: null, fetchedAt: 1 }]);
    await deleteCache();
    expect((await readProducts([7, 9])).size).toBe(0);
    expect(await readSessionChunks()).toEqual([]);
  });
});

describe('bounded fan-out', () => {
  it('never runs more than the limit at once and stops when superseded', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await forEachLimited([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3, async (i) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
      done.push(i);
    });
    expect(peak).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    let stop = false;
    await expect(
      forEachLimited(
        [1, 2, 3, 4],
        1,
        async () => void (stop = true),
        () => stop,
      ),
    ).rejects.toMatchObject({ name: 'Superseded' });
  });

  it('when superseded, lets the tasks already started finish before it rejects', async () => {
    let stop = false;
    const finished: number[] = [];
    const run = forEachLimited(
      [1, 2, 3, 4, 5, 6],
      3,
      async (i) => {
        await new Promise((r) => setTimeout(r, i === 1 ? 1 : 20));
        if (i === 1) stop = true;
        finished.push(i);
      },
      () => stop,
    );
    await expect(run).rejects.toMatchObject({ name: 'Superseded' });
    // 1, 2 and 3 had started: each finished before the rejection; none started after the stop.
    expect(finished.sort()).toEqual([1, 2, 3]);
  });

  it('rethrows a task error once the other tasks have finished', async () => {
    const finished: number[] = [];
    const run = forEachLimited([1, 2, 3], 3, async (i) => {
      if (i === 1) throw new Error('boom');
      await new Promise((r) => setTimeout(r, 10));
      finished.push(i);
    });
    await expect(run).rejects.toThrow('boom');
    expect(finished.sort()).toEqual([2, 3]);
  });
});
