// While nothing is asked, the worker makes the passes of the view on screen and of its other periods, so that
// the next metric or period change does not wait for one; after a repeat visit drawn from its stored view
// (workers/analytics/storedViews.ts), once it has read the events back.
// The preparation gives way after a few products (one per task here), and a selection asked meanwhile
// finishes the pass it needs rather than beginning it again.
// The engine against the real server (app.inject as its fetch) and fake-indexeddb; the passes are counted
// by wrapping the real `TallyPass` (workers/analytics/aggregate.ts), which still does the work.
import 'fake-indexeddb/auto';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DashboardView, ViewRequest } from '#domain/analytics/view';

import { deleteCache } from '../../workers/analytics/cache';
import type { StoredColumns } from '../../workers/analytics/columns';
import { AnalyticsEngine } from '../../workers/analytics/engine';
import { signedInCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';
import { serverFetch as answeredBy } from '../helpers/serverFetch';
import { viewRequest } from '../helpers/viewRequest';

/** What happened, in order: a pass begun, a pass ended, a view stored (its transaction committed). */
const happened: string[] = [];
/** Each pass begun (its records and period), and how many times one was run (resumed) in all. */
const passes: Array<{ records: StoredColumns[]; period: string; runs: number }> = [];
/** Called once, as a microtask, after the first run of the next pass begun. */
let afterFirstRun: (() => void) | null = null;
/** The period of each batch of views stored beside a view, in order; called after each batch is stored. */
const storedBeside: string[] = [];
let afterStoredBeside: (() => void) | null = null;
/** Each transaction of stored views committed: the metric and period of each of its views, in order. */
const transactions: string[][] = [];
/** Each run of a pass takes at least this long (ms): the events of a large company. */
let runMs = 0;
/** The making of a view's siblings (cache.ts storeView `beside`) fails: the page went away meanwhile. */
let besideFails = false;

vi.mock('../../workers/analytics/aggregate', async (original) => {
  const real = await original<typeof import('../../workers/analytics/aggregate')>();
  class TallyPass extends real.TallyPass {
    private readonly seen: { records: StoredColumns[]; period: string; runs: number };
    constructor(...args: ConstructorParameters<typeof real.TallyPass>) {
      super(...args);
      happened.push('pass');
      passes.push((this.seen = { records: args[0], period: args[1].period, runs: 0 }));
    }
    run(stop?: () => boolean): boolean {
      this.seen.runs++;
      for (const until = performance.now() + runMs; performance.now() < until;);
      const done = super.run(stop);
      if (done) happened.push('passed');
      if (this.seen.runs === 1 && afterFirstRun) {
        queueMicrotask(afterFirstRun);
        afterFirstRun = null;
      }
      return done;
    }
  }
  return { ...real, TallyPass };
});
vi.mock('../../workers/analytics/cache', async (original) => {
  const real = await original<typeof import('../../workers/analytics/cache')>();
  // The metric and period are the fourth and sixth fields of a stored view's key (storedViewKey in
  // workers/analytics/storedViews.ts).
  const selection = (key: string) => `${JSON.parse(key)[3]} ${JSON.parse(key)[5]}`;
  const besideStored = (entries: Array<{ key: string }>) => {
    happened.push('stored beside');
    storedBeside.push(JSON.parse(entries[0].key)[5]);
    afterStoredBeside?.();
  };
  const storeView: typeof real.storeView = async (key, view, generation, versions, now, beside) => {
    // Chromium commits through another process: later than fake-indexeddb, after tasks queued meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20));
    let with_: Array<{ key: string }> = [];
    const made =
      beside &&
      (() => {
        if (besideFails) throw new Error('page fermée pendant la composition');
        return (with_ = beside());
      });
    try {
      await real.storeView(key, view, generation, versions, now, made);
    } finally {
      // The view's transaction, then the one right behind it (cache.ts storeView).
      transactions.push([selection(key)]);
      happened.push('stored');
      if (with_.length) {
        transactions.push(with_.map((e) => selection(e.key)));
        besideStored(with_);
      }
    }
  };
  const storeViews: typeof real.storeViews = async (...args) => {
    await real.storeViews(...args);
    transactions.push(args[0].map((e) => selection(e.key)));
    besideStored(args[0]);
  };
  return { ...real, storeView, storeViews };
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
  ({ token, companyId, productIds } = await signedInCompany(t, 'directeur@demo.fr'));
});
afterAll(() => t.close());
beforeEach(() => deleteCache());
// A test's engines stop preparing (a new session drops their memory) and what they had begun settles:
// a pass or a store of one test recorded in the next one's `happened` made its counts wrong (seen on
// PostgreSQL, slower, where the previous test's last store came after the next test had begun).
const engines: AnalyticsEngine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) e.configure('', null);
  for (let seen = -1; seen !== happened.length;) {
    seen = happened.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

const request = (generation: number, over: Partial<ViewRequest> = {}) =>
  viewRequest({ generation, productIds, counting: 'unique_users', companyId, ...over });

/** `sliceMs`: how long the preparation counts per task (0: one product). */
function engine(sliceMs?: number) {
  const e = new AnalyticsEngine(serverFetch, Date.now, sliceMs);
  e.configure('', token);
  engines.push(e);
  return e;
}

describe('after a view', () => {
  it('after a stored view, the passes of the view on screen and of its periods are made in the background', async () => {
    const first = engine();
    happened.length = 0;
    await first.view(request(1));
    const engagement = await first.view(request(2, { metric: 'engagement' }));
    const month = await first.view(request(3, { metric: 'engagement', period: 'month' }));
    // Its three views stored; another token then drops its memory, so its own preparation makes no more pass.
    await vi.waitFor(() => expect(happened.filter((h) => h === 'stored')).toHaveLength(3), { timeout: 10_000 });
    first.configure('', null);

    passes.length = 0;
    calls.length = 0;
    const reloaded = engine();
    const stored = await reloaded.view(request(1));
    expect(stored.stored).toBe(true);
    expect(calls).toEqual([`304 /api/ProductStatistics/Entreprise/${companyId}/versions`]);
    expect(passes).toHaveLength(0);

    // No selection asked: the worker reads the events back and makes the passes of the view on screen and
    // of its other periods (all data, year, month, week), in the background.
    await vi.waitFor(() => expect(passes.filter((p) => p.runs > 0)).toHaveLength(4), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));

    // A metric change and a period change then make no pass, and their figures are those of a fresh engine.
    const changed = await reloaded.view(request(2, { metric: 'engagement' }));
    const otherPeriod = await reloaded.view(request(3, { metric: 'engagement', period: 'month' }));
    expect(passes).toHaveLength(4);
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

  it('a selection drawn from the views stored beside the stored one takes the preparation over', async () => {
    const first = engine();
    happened.length = 0;
    await first.view(request(1));
    // Its periods prepared, then the views of its other metrics and periods stored beside it.
    await vi.waitFor(() => expect(happened).toContain('stored beside'), { timeout: 10_000 });
    first.configure('', null);

    // One product per slice: the preparation after the reload is still under way when the next
    // selection, drawn as stored, supersedes it; that selection's own preparation finishes the passes.
    const reloaded = engine(0);
    happened.length = 0;
    expect((await reloaded.view(request(1))).stored).toBe(true);
    await vi.waitFor(() => expect(happened).toContain('pass'), { timeout: 10_000 });
    const engagement = await reloaded.view(request(2, { metric: 'engagement' }));
    expect(engagement.stored).toBe(true);
    expect(happened.filter((h) => h === 'passed').length).toBeLessThan(4);
    await vi.waitFor(() => expect(happened.filter((h) => h === 'passed')).toHaveLength(4), { timeout: 10_000 });
    // Back to the first selection (not stored beside itself): drawn from the kept passes, none new.
    const made = passes.length;
    const back = await reloaded.view(request(3));
    expect(back.stored).toBeUndefined();
    expect(passes).toHaveLength(made);
  });

  it('after a repeat visit, the periods drawn as stored are prepared after the others', async () => {
    // A reload right after a load: the views beside it are stored for its own period only (the first batch).
    const first = engine(0);
    runMs = 5;
    storedBeside.length = 0;
    afterStoredBeside = () => {
      afterStoredBeside = null;
      first.configure('', null);
    };
    try {
      happened.length = 0;
      await first.view(request(1));
      await vi.waitFor(() => expect(storedBeside.length).toBeGreaterThan(0), { timeout: 10_000 });
      await vi.waitFor(() => expect(happened).toContain('stored'), { timeout: 10_000 });
    } finally {
      runMs = 0;
      afterStoredBeside = null;
    }
    const covered = new Set(storedBeside);
    expect(covered.has('all_time')).toBe(true);
    expect(covered.size).toBeLessThan(4);

    passes.length = 0;
    const reloaded = engine();
    expect((await reloaded.view(request(1))).stored).toBe(true);
    await vi.waitFor(() => expect(passes.filter((p) => p.runs > 0)).toHaveLength(4), { timeout: 10_000 });
    // The periods without views first, then those whose four views are at hand (the one on screen: the
    // stored view and the three beside it): the first pass serves the next period asked (it was all_time's).
    const order = ['all_time', 'year', 'month', 'week'];
    expect(passes.map((p) => p.period)).toEqual([
      ...order.filter((p) => !covered.has(p)),
      ...order.filter((p) => covered.has(p)),
    ]);
  });

  it('a view is stored while its periods are prepared, before they are (a reload soon after finds it)', async () => {
    // One product per slice, each slow: the store's steps must come between the slices, not after them.
    const e = engine(0);
    runMs = 5;
    try {
      await e.view(request(1));
      happened.length = 0;
      await vi.waitFor(() => expect(happened.filter((h) => h === 'passed')).toHaveLength(3), { timeout: 10_000 });
      expect(happened).toContain('stored');
      expect(happened.indexOf('stored')).toBeLessThan(happened.lastIndexOf('passed'));
    } finally {
      runMs = 0;
    }
  });

  it("the view's other metrics are stored beside it before its other periods are counted", async () => {
    // One product per slice, each slow: a reload soon after a load must find the metric changes.
    const e = engine(0);
    runMs = 5;
    try {
      happened.length = 0;
      await e.view(request(1));
      // The view's own pass, then those of its three other periods.
      await vi.waitFor(() => expect(happened.filter((h) => h === 'passed')).toHaveLength(4), { timeout: 10_000 });
      // Its own period first (already counted by the view), then one store per period once counted.
      expect(happened.indexOf('stored beside')).toBeLessThan(happened.lastIndexOf('passed'));
      await vi.waitFor(() => expect(happened.filter((h) => h === 'stored beside')).toHaveLength(4), {
        timeout: 10_000,
      });
    } finally {
      runMs = 0;
    }
  });

  it("the view's other metrics of its period are committed right behind the view, before its other periods", async () => {
    // A reload right after a load finds them: a transaction opened once the periods were counted came too late.
    const e = engine(0);
    runMs = 5;
    try {
      transactions.length = 0;
      await e.view(request(1));
      await vi.waitFor(() => expect(transactions.length).toBeGreaterThan(1), { timeout: 10_000 });
      expect(transactions.slice(0, 2)).toEqual([
        ['consultation all_time'],
        ['engagement all_time', 'ar_usage all_time', 'conversion all_time'],
      ]);
      // Its other periods, each in a transaction of its own once counted; its own period not again.
      await vi.waitFor(() => expect(transactions).toHaveLength(5), { timeout: 10_000 });
      expect(transactions.slice(2).map((t) => t[0].split(' ')[1])).toEqual(['year', 'month', 'week']);
    } finally {
      runMs = 0;
    }
  });

  it('a selection asked again gets the views beside it, those stored already too', async () => {
    // The page keeps the views prepared beside the selection it asked last only: those prepared beside the
    // month's view were dropped if all data was asked while they were on their way, and are no longer drawn
    // once old (src/features/dashboard/viewMemory.ts). Stored already, they must still reach it again.
    const e = engine();
    storedBeside.length = 0;
    await e.view(request(1, { period: 'month' }), undefined, undefined, () => undefined);
    await vi.waitFor(() => expect(storedBeside).toContain('all_time'), { timeout: 10_000 });
    const stored = transactions.length;
    const prepared: string[] = [];
    await e.view(request(2), undefined, undefined, (metric, period) => prepared.push(`${metric} ${period}`));
    const allTime = ['engagement all_time', 'ar_usage all_time', 'conversion all_time'];
    await vi.waitFor(() => expect(prepared).toEqual(expect.arrayContaining(allTime)), { timeout: 10_000 });
    // Given to the page, not written again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      transactions
        .slice(stored)
        .flat()
        .filter((t) => allTime.includes(t)),
    ).toEqual([]);
  });

  it('the view is committed before its other metrics are made: a reload meanwhile still finds it', async () => {
    const e = engine(0);
    happened.length = 0;
    besideFails = true;
    try {
      await e.view(request(1));
      await vi.waitFor(() => expect(happened).toContain('stored'), { timeout: 10_000 });
    } finally {
      besideFails = false;
    }
    // The page goes away; the next one draws the stored view.
    e.configure('', null);
    const view = await engine().view(request(2));
    expect(view.stored).toBe(true);
  });

  it('a newer selection stops the preparation of the previous one', async () => {
    const e = engine();
    await e.view(request(1));
    passes.length = 0;
    // Asked at once, before the first view's preparation ran: only this one's passes are made.
    await e.view(request(2, { scope: productIds[0] }));
    await vi.waitFor(() => expect(passes).toHaveLength(4), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(passes.every(({ records }) => records.length === 1)).toBe(true);
  });

  it('gives way after each product, and a selection asked meanwhile finishes the pass it needs', async () => {
    const fresh = engine();
    const year = await fresh.view(request(1, { period: 'year' }));
    fresh.configure('', null);

    expect(productIds.length).toBeGreaterThan(1);
    const e = engine(0);
    await e.view(request(1));
    passes.length = 0;
    // The year's pass (the first prepared after all data) begun and given way after one product: ask for
    // that selection then, before the preparation's next task.
    const got = await new Promise<DashboardView>((resolve, reject) => {
      afterFirstRun = () => {
        e.view(request(2, { period: 'year' })).then(resolve, reject);
      };
    });
    expect(passes).toHaveLength(1);
    expect(passes[0].runs).toBe(2);
    expect(got.stats).toEqual(year.stats);
    expect(got.series).toEqual(year.series);
    expect(Array.from(got.ranking.counts)).toEqual(Array.from(year.ranking.counts));
  });
});
