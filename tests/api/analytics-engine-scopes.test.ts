// The views of the products the list of scopes shows, made ahead by the worker (AnalyticsEngine
// prepareScopes): the same figures the engine answers once the product is chosen, without asking the server,
// only for products checked a moment ago, and never for a list or selection that was replaced.
// The engine against the real server (app.inject as its fetch) and fake-indexeddb.
import 'fake-indexeddb/auto';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { DashboardView, ViewRequest } from '#domain/analytics/view';

import { deleteCache } from '../../workers/analytics/cache';
import { AnalyticsEngine } from '../../workers/analytics/engine';
import { REVALIDATE_AFTER_MS } from '../../workers/analytics/nextVisit';
import { signedInCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';
import { serverFetch as answeredBy } from '../helpers/serverFetch';
import { viewRequest } from '../helpers/viewRequest';

let t: TestApp;
let token: string;
let companyId: number;
let productIds: number[];
let calls = 0;
const serverFetch = answeredBy(
  () => t.app,
  () => calls++,
);

beforeAll(async () => {
  t = await createTestApp();
  ({ token, companyId, productIds } = await signedInCompany(t, 'directeur@demo.fr'));
  expect(productIds.length).toBeGreaterThanOrEqual(4);
});
afterAll(() => t.close());

const request = (generation: number, over: Partial<ViewRequest> = {}) =>
  viewRequest({
    generation,
    productIds,
    companyId,
    metric: 'engagement',
    counting: 'unique_users',
    compare: true,
    ...over,
  });

/**
 * Background tasks are timers in Node (workers/analytics/background.ts): `run` schedules them on fake timers,
 * all of them then run, however long each takes (a fixed wait missed the last product on a loaded host).
 */
async function drained(run: () => void): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    run();
    await vi.runAllTimersAsync();
  } finally {
    vi.useRealTimers();
  }
}
/** After a selection that stops the preparation: whatever was still queued has had its turn. */
const backgroundDone = () => new Promise((resolve) => setTimeout(resolve, 50));

/** What a view shows, without what says when or for which request it was made. */
const figures = (v: DashboardView) => ({
  stats: v.stats,
  series: v.series,
  previous: v.previous,
  ranking: v.ranking,
  live: v.live,
  complete: v.complete,
});

async function engineWithCompanyView(clock: () => number = Date.now): Promise<AnalyticsEngine> {
  await deleteCache();
  const engine = new AnalyticsEngine(serverFetch, clock);
  engine.configure('', token);
  await engine.view(request(1));
  return engine;
}

describe('views of products made ahead', () => {
  it('equal what the engine answers once the product is chosen, and ask the server nothing', async () => {
    // One instant for both: "En direct" says when it was counted.
    const now = Date.now();
    const engine = await engineWithCompanyView(() => now);
    const prepared = new Map<number, DashboardView>();
    const before = calls;
    await drained(() =>
      engine.prepareScopes(request(1), productIds.slice(0, 3), (scope, view) => void prepared.set(scope, view)),
    );
    expect(calls).toBe(before);
    expect([...prepared.keys()]).toEqual(productIds.slice(0, 3));
    for (const [i, id] of productIds.slice(0, 3).entries()) {
      const chosen = await engine.view(request(2 + i, { scope: id }));
      expect(figures(prepared.get(id)!)).toEqual(figures(chosen));
      expect(prepared.get(id)!.dataVersion).toBe(chosen.dataVersion);
    }
    // The products differ: each view is its own product's, not the company's.
    expect(prepared.get(productIds[0])!.stats).not.toEqual(prepared.get(productIds[1])!.stats);
    expect(calls).toBe(before);
  });

  it('only for products checked within REVALIDATE_AFTER_MS, and says when they were checked', async () => {
    let now = Date.UTC(2026, 10, 27, 12);
    const checked = now;
    const engine = await engineWithCompanyView(() => now);
    const prepared: Array<[number, number]> = [];
    await drained(() =>
      engine.prepareScopes(request(1), [productIds[0]], (scope, _view, at) => void prepared.push([scope, at])),
    );
    expect(prepared).toEqual([[productIds[0], checked]]);

    now += REVALIDATE_AFTER_MS + 1;
    await drained(() =>
      engine.prepareScopes(request(1), [productIds[1]], (scope, _view, at) => void prepared.push([scope, at])),
    );
    // Its view would ask the server first: nothing made ahead.
    expect(prepared).toHaveLength(1);
  });

  it('stops once another list or another selection is asked', async () => {
    const engine = await engineWithCompanyView();
    const prepared: number[] = [];
    const onPrepared = (scope: number) => void prepared.push(scope);
    await drained(() => {
      engine.prepareScopes(request(1), productIds.slice(0, 2), onPrepared);
      engine.prepareScopes(request(1), productIds.slice(2, 4), onPrepared);
    });
    expect(prepared).toEqual(productIds.slice(2, 4));

    prepared.length = 0;
    engine.prepareScopes(request(1), productIds.slice(0, 2), onPrepared);
    const next = engine.view(request(2, { metric: 'ar_usage' }));
    await next;
    await backgroundDone();
    expect(prepared).toEqual([]);
  });
});
