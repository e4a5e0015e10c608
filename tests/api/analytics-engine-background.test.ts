// While nothing is asked, the worker makes the passes of the view on screen and of its other periods, so that
// the next metric or period change does not wait for one; after a repeat visit drawn from its stored view
// (workers/analytics/storedViews.ts), once it has read the events back.
// The engine against the real server (app.inject as its fetch) and fake-indexeddb; the passes are counted
// by wrapping the real `tally` (workers/analytics/aggregate.ts), which still does the work.
import 'fake-indexeddb/auto';

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ViewRequest } from '../../src/domain/analytics/view';
import * as aggregate from '../../workers/analytics/aggregate';
import { deleteCache } from '../../workers/analytics/cache';
import { AnalyticsEngine } from '../../workers/analytics/engine';
import { createTestApp, type TestApp } from '../helpers/app';
import { serverFetch as answeredBy } from '../helpers/serverFetch';

/** What happened, in order: a pass made, a view stored (its transaction committed). */
const happened: string[] = [];

vi.mock('../../workers/analytics/aggregate', async (original) => {
  const real = await original<typeof import('../../workers/analytics/aggregate')>();
  const tally: typeof real.tally = (...args) => {
    happened.push('pass');
    return real.tally(...args);
  };
  return { ...real, tally: vi.fn(tally) };
});
vi.mock('../../workers/analytics/cache', async (original) => {
  const real = await original<typeof import('../../workers/analytics/cache')>();
  const storeView: typeof real.storeView = async (...args) => {
    // Chromium commits through another process: later than fake-indexeddb, after tasks queued meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await real.storeView(...args);
    happened.push('stored');
  };
  return { ...real, storeView };
});

let t: TestApp;
let token: string;
let companyId: number;
let productIds: number[];
const calls: string[] = [];

const serverFetch = answeredBy(
  () => t.app,
  (url, res) => calls.push(`${res.statusCode} ${url}`),
);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('directeur@demo.fr');
  companyId = (await t.call('GET', '/api/User/current', token)).json().entrepriseId;
  productIds = (await t.call('GET', `/api/Produit/Entreprise/${companyId}`, token))
    .json()
    .$values.map((p: { produitId: number }) => p.produitId);
});
afterAll(() => t.close());
beforeEach(() => deleteCache());

const request = (generation: number, over: Partial<ViewRequest> = {}): ViewRequest => ({
  generation,
  productIds,
  scope: 'all',
  metric: 'consultation',
  counting: 'unique_users',
  period: 'all_time',
  year: 2026,
  month: 1,
  week: 1,
  companyId,
  ...over,
});

function engine() {
  const e = new AnalyticsEngine(serverFetch);
  e.configure('', token);
  return e;
}

describe('after a view', () => {
  it('after a stored view, the passes of the view on screen and of its periods are made in the background', async () => {
    const first = engine();
    happened.length = 0;
    await first.view(request(1));
    const engagement = await first.view(request(2, { metric: 'engagement' }));
    const month = await first.view(request(3, { metric: 'engagement', period: 'month' }));
    const passes = vi.mocked(aggregate.tally);
    // Its three views stored; another token then drops its memory, so its own preparation makes no more pass.
    await vi.waitFor(() => expect(happened.filter((h) => h === 'stored')).toHaveLength(3), { timeout: 10_000 });
    first.configure('', null);

    passes.mockClear();
    calls.length = 0;
    const reloaded = engine();
    const stored = await reloaded.view(request(1));
    expect(stored.stored).toBe(true);
    expect(calls).toEqual([`304 /api/ProductStatistics/Entreprise/${companyId}/versions`]);
    expect(passes).not.toHaveBeenCalled();

    // No selection asked: the worker reads the events back and makes the passes of the view on screen and
    // of its other periods (all data, year, month, week), one per task.
    await vi.waitFor(() => expect(passes).toHaveBeenCalledTimes(4), { timeout: 10_000 });

    // A metric change and a period change then make no pass, and their figures are those of a fresh engine.
    const changed = await reloaded.view(request(2, { metric: 'engagement' }));
    const otherPeriod = await reloaded.view(request(3, { metric: 'engagement', period: 'month' }));
    expect(passes).toHaveBeenCalledTimes(4);
    expect(calls).toHaveLength(1);
    for (const [got, want] of [
      [changed, engagement],
      [otherPeriod, month],
    ]) {
      expect(got.stats).toEqual(want.stats);
      expect(got.series).toEqual(want.series);
      expect(Array.from(got.ranking.counts)).toEqual(Array.from(want.ranking.counts));
    }
  });

  it('a complete view is stored before any pass is prepared (a reload then finds it)', async () => {
    const e = engine();
    happened.length = 0;
    await e.view(request(1));
    const made = happened.length; // the view's own pass
    await vi.waitFor(() => expect(happened.length).toBe(made + 4), { timeout: 10_000 });
    expect(happened.slice(made)).toEqual(['stored', 'pass', 'pass', 'pass']);
  });

  it('a newer selection stops the preparation of the previous one', async () => {
    const e = engine();
    const passes = vi.mocked(aggregate.tally);
    await e.view(request(1));
    passes.mockClear();
    // Asked at once, before the first view's preparation ran: only this one's passes are made.
    await e.view(request(2, { scope: productIds[0] }));
    await vi.waitFor(() => expect(passes).toHaveBeenCalledTimes(4), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(passes.mock.calls.every(([records]) => records.length === 1)).toBe(true);
  });
});
