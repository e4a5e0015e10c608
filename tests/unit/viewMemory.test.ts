// The page's memory of the views it received (src/features/dashboard/viewMemory.ts): which views it keeps,
// for how long, and that a view of other data makes every kept one stale.
import { describe, expect, it } from 'vitest';

import { EMPTY_RANKING } from '#domain/analytics/ranking';
import { type DashboardView, EMPTY_STATS } from '#domain/analytics/view';

import { sameFigures, VIEW_MEMORY_MS, VIEW_MEMORY_SIZE, ViewMemory } from '../../src/features/dashboard/viewMemory';

const view = (dataVersion: number | undefined, over: Partial<DashboardView> = {}): DashboardView => ({
  generation: 1,
  stats: EMPTY_STATS,
  series: { labels: [], values: [], partial: -1 },
  previous: null,
  ranking: EMPTY_RANKING,
  geo: [],
  funnel: [],
  live: { sessions: 0, events: 0, steps: [0, 0, 0, 0], at: 0 },
  eventCount: 0,
  cachedAt: null,
  offline: false,
  failedProducts: [],
  complete: true,
  dataVersion,
  ...over,
});

function memory() {
  let now = 1_000;
  const m = new ViewMemory(() => now);
  return { m, advance: (ms: number) => (now += ms) };
}

describe('the view memory', () => {
  it('counts VIEW_MEMORY_MS from when the view says its figures were current (a product checked earlier)', () => {
    const { m, advance } = memory();
    const a = view(3);
    m.keep('a', a, 1_000 - (VIEW_MEMORY_MS - 10));
    expect(m.get('a')).toBe(a);
    advance(11);
    expect(m.get('a')).toBeNull();
  });

  it('gives back a complete view by its key, until VIEW_MEMORY_MS have passed', () => {
    const { m, advance } = memory();
    const a = view(3);
    m.keep('a', a);
    expect(m.get('a')).toBe(a);
    expect(m.get('b')).toBeNull();
    advance(VIEW_MEMORY_MS);
    expect(m.get('a')).toBe(a);
    advance(1);
    expect(m.get('a')).toBeNull();
  });

  it('keeps no view that is incomplete, offline, with failures or unversioned', () => {
    const { m } = memory();
    m.keep('incomplete', view(1, { complete: false }));
    m.keep('offline', view(1, { offline: true }));
    m.keep('failed', view(1, { failedProducts: [7] }));
    m.keep('unversioned', view(undefined));
    for (const key of ['incomplete', 'offline', 'failed', 'unversioned']) expect(m.get(key)).toBeNull();
    // A view stored at an earlier visit and drawn as it is (its 304 holds) is kept like the worker's answer.
    const stored = view(1, { stored: true });
    m.keep('stored', stored);
    expect(m.get('stored')).toBe(stored);
  });

  it('a view of newer data (even one it does not keep) drops every view kept; one of older data is ignored', () => {
    const { m } = memory();
    m.keep('a', view(1));
    m.keep('b', view(1));
    m.keep('c', view(2, { complete: false }));
    expect(m.get('a')).toBeNull();
    expect(m.get('b')).toBeNull();
    const d = view(2);
    m.keep('d', d);
    expect(m.get('d')).toBe(d);
    // A view prepared before the change and arriving after it is stale: ignored, the others stay.
    m.keep('e', view(1));
    expect(m.get('e')).toBeNull();
    expect(m.get('d')).toBe(d);
  });

  it('keeps VIEW_MEMORY_SIZE views at most, the oldest kept going first', () => {
    const { m } = memory();
    for (let i = 0; i <= VIEW_MEMORY_SIZE; i++) m.keep(`k${i}`, view(1));
    expect(m.get('k0')).toBeNull();
    expect(m.get('k1')).not.toBeNull();
    expect(m.get(`k${VIEW_MEMORY_SIZE}`)).not.toBeNull();
  });

  it('the worker\'s answer shows the same figures unless the data, the bucket in progress or "En direct" moved', () => {
    const kept = view(4, { live: { sessions: 2, events: 5, steps: [3, 1, 1, 0], at: 10 } });
    expect(sameFigures(kept, { ...kept, live: { ...kept.live, at: 20 }, generation: 9 })).toBe(true);
    expect(sameFigures(kept, { ...kept, dataVersion: 5 })).toBe(false);
    expect(sameFigures(kept, { ...kept, series: { ...kept.series, partial: 3 } })).toBe(false);
    expect(sameFigures(kept, { ...kept, live: { ...kept.live, sessions: 3 } })).toBe(false);
    expect(sameFigures(kept, { ...kept, live: { ...kept.live, steps: [3, 1, 1, 1] } })).toBe(false);
    expect(sameFigures(kept, { ...kept, failedProducts: [2] })).toBe(false);
  });
});
