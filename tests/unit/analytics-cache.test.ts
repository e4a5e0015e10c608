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

  it('stores many products in one pack, reads a company back with the newest copy of each, and drops spent packs', async () => {
    await deleteCache();
    const d = new SessionDictionary();
    const record = (id: number, n: number, etag: string) => ({
      ...d.store(
        toColumns(
          id,
          Array.from({ length: n }, (_, i) => ({
            timestamp: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
            userSessionId: `s${id}-${i}`,
            consultation: true,
            country: i % 2 ? 'FR' : 'BE',
          })),
        ),
      ),
      etag,
      fetchedAt: id,
    });
    // Company 1: products 1..3 in a first pack; product 2 again in a second one; company 2 apart.
    await writeProducts([record(1, 2, '"a1"'), record(2, 3, '"a2"'), record(3, 1, '"a3"')], d.takeChunk(), 1);
    await writeProducts([record(2, 4, '"b2"')], d.takeChunk(), 1);
    await writeProducts([record(9, 5, '"c9"')], d.takeChunk(), 2);
    const company1 = await readProducts([1, 2, 3, 9], 1);
    expect([...company1.keys()].sort()).toEqual([1, 2, 3]);
    expect(company1.get(2)!.etag).toBe('"b2"');
    expect(company1.get(2)!.count).toBe(4);
    expect([...company1.get(2)!.time]).toEqual([0, 1, 2, 3].map((i) => Date.UTC(2025, 0, 1 + i)));
    expect(company1.get(1)!.countries.length).toBe(2);
    expect([...company1.get(3)!.time]).toEqual([Date.UTC(2025, 0, 1)]);
    expect((await readProducts([9], 2)).get(9)!.count).toBe(5);

    // Product 1 and 3 fetched again: the first pack holds nothing current any more and is deleted.
    await writeProducts([record(1, 1, '"d1"'), record(3, 2, '"d3"')], d.takeChunk(), 1);
    const again = await readProducts([1, 2, 3], 1);
    expect([...again.values()].map((r) => r.etag).sort()).toEqual(['"b2"', '"d1"', '"d3"']);
    const { openDB } = await import('idb');
    const database = await openDB('visio3d-analytics');
    expect(await database.count('packs')).toBe(3);
    database.close();
  });

  it('gives two writes started together on a fresh database two packs: neither replaces the other', async () => {
    await deleteCache();
    const d = new SessionDictionary();
    const record = (id: number) => ({
      ...d.store(toColumns(id, [{ timestamp: '2025-01-01T00:00:00Z', userSessionId: `s${id}`, consultation: true }])),
      etag: `"e${id}"`,
      fetchedAt: id,
    });
    const first = record(4);
    const second = record(5);
    await Promise.all([writeProducts([first], d.takeChunk(), 1), writeProducts([second], null, 1)]);
    expect([...(await readProducts([4, 5], 1)).keys()].sort()).toEqual([4, 5]);
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
