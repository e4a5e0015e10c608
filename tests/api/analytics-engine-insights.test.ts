// The worker's engine computing the insight against the real server (app.inject as its fetch,
// fake-indexeddb): the company's visits in one call, conditional (304 reused at the refresh), joined to the
// events the view loaded; a product not loaded yet is fetched for the insight. The answer is kept in
// IndexedDB: a new engine (a reload) revalidates it (304), a changed one replaces it. Needs the visits route
// (GET /api/ProductStatistics/Entreprise/{id}/visits, domain/analytics/visitColumns.ts).
import 'fake-indexeddb/auto';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { type InsightFilters, NO_FILTERS } from '#domain/analytics/insightsView';
import type { ViewRequest } from '#domain/analytics/view';
import { DEFAULT_TIME_ZONE, Zone } from '#domain/analytics/zone';

import { rowsOf } from '../../server/db/client';
import { productVisits } from '../../server/db/schema';
import { deleteCache, readProducts, readVisits, storeVisits } from '../../workers/analytics/cache';
import { AnalyticsEngine } from '../../workers/analytics/engine';
import { NETWORK } from '../../workers/analytics/fetch';
import { computeInsights } from '../../workers/analytics/insights';
import { readVisitColumns, typedVisits } from '../../workers/analytics/visits';
import { signedInCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';
import { urlOf } from '../helpers/requestUrl';
import { serverFetch as answeredBy } from '../helpers/serverFetch';
import { viewRequest } from '../helpers/viewRequest';

let t: TestApp;
let token: string;
let companyId: number;
let productIds: number[];
const calls: Array<{ url: string; status: number }> = [];
const answered = answeredBy(
  () => t.app,
  (url, res) => calls.push({ url, status: res.statusCode }),
);
/** The If-None-Match of each visits request, in order. */
const visitTags: Array<string | null> = [];
const serverFetch: typeof fetch = (input, init) => {
  if (urlOf(input).endsWith('/visits'))
    visitTags.push((init?.headers as Record<string, string> | undefined)?.['If-None-Match'] ?? null);
  return answered(input, init);
};
const visitCalls = () => calls.filter((c) => c.url.endsWith('/visits'));

beforeAll(async () => {
  t = await createTestApp();
  ({ token, companyId, productIds } = await signedInCompany(t, 'directeur@demo.fr'));
  // Visits of sessions that have events (those the demo wrote), one with an AR launch that failed.
  const sessions = rowsOf<{ produit_id: number; user_session_id: string }>(
    await t.database.db.execute(sql`select distinct produit_id, user_session_id from product_events
      where produit_id = ${productIds[0]} order by user_session_id limit 40`),
  );
  await t.database.db
    .insert(productVisits)
    .values(
      sessions.map((s, i) => ({
        produitId: s.produit_id,
        userSessionId: s.user_session_id,
        startedAt: new Date(Date.UTC(2026, 0, 5, 10, i)),
        updatedAt: new Date(Date.UTC(2026, 0, 5, 10, i)),
        activeMs: i * 1000,
        arPlatform: i % 2 ? 2 : 0,
        arLaunches: i % 2 ? 1 : 0,
        arFailed: i % 4 === 1 ? 1 : 0,
        arReturned: i % 2 ? 1 : 0,
      })),
    )
    .onConflictDoNothing();
  await deleteCache();
});
afterAll(() => t.close());

const request = (over: Partial<ViewRequest> = {}) => viewRequest({ productIds, companyId, ...over });

describe('the insight in the engine', () => {
  it('reads the visits once, reuses them on a 304, and joins them to the events the view loaded', async () => {
    const engine = new AnalyticsEngine(serverFetch);
    engine.configure('', token);
    const view = await engine.view(request());
    expect(view.complete).toBe(true);
    calls.length = 0;
    const first = await engine.insights(request(), NO_FILTERS);
    expect(visitCalls().map((c) => c.status)).toEqual([200]);
    // The view's records are used: no product is fetched again.
    expect(calls.filter((c) => c.url.includes('/Product/'))).toEqual([]);
    const [{ n, launched, failed }] = rowsOf<{ n: number; launched: number; failed: number }>(
      await t.database.db
        .execute(sql`select count(*)::int as n, count(*) filter (where ar_launches >= 1 and ar_platform = 2)::int as launched,
        count(*) filter (where ar_launches >= 1 and ar_platform = 2 and ar_failed >= 1)::int as failed
        from product_visits v join groupe_models g on g.id_groupe_model = v.produit_id where g.entreprise_id = ${companyId}`),
    );
    expect(first.visits).toBe(n);
    const sceneViewer = first.ar.find((a) => a.platform === 'scene-viewer')!;
    expect([sceneViewer.launched, sceneViewer.failed]).toEqual([launched, failed]);

    // The refresh asks again, conditionally: 304, the same figures.
    calls.length = 0;
    const again = await engine.insights(request({ refresh: true }), NO_FILTERS);
    expect(visitCalls().map((c) => c.status)).toEqual([304]);
    expect({ ...again, dataVersion: 0 }).toEqual({ ...first, dataVersion: 0 });
  });

  it('fetches for the insight a product the view did not load', async () => {
    await deleteCache();
    const engine = new AnalyticsEngine(serverFetch);
    engine.configure('', token);
    calls.length = 0;
    const alone = await engine.insights(request({ scope: productIds[0] }), NO_FILTERS);
    expect(calls.filter((c) => c.url.includes(`/Product/${productIds[0]}`))).toHaveLength(1);
    expect(alone.visits).toBeGreaterThan(0);
  });

  it('keeps the visits answer in IndexedDB: a reload revalidates it (304), a changed one replaces it (200)', async () => {
    await deleteCache();
    const first = new AnalyticsEngine(serverFetch);
    first.configure('', token);
    await first.view(request());
    calls.length = 0;
    visitTags.length = 0;
    const before = await first.insights(request(), NO_FILTERS);
    expect(visitCalls().map((c) => c.status)).toEqual([200]);
    expect(visitTags).toEqual([null]);
    // Stored in the background, its columns as typed arrays.
    await vi.waitFor(async () => expect(await readVisits(companyId)).not.toBeNull(), { timeout: 10_000 });
    const stored = (await readVisits(companyId))!;
    expect(stored.etag).toBeTruthy();
    expect(stored.visits.start).toBeInstanceOf(Float64Array);
    expect(stored.visits.session).toBeInstanceOf(Int32Array);
    expect(stored.visits.product).toHaveLength(before.visits);

    // A reload: a new engine, the same IndexedDB. The stored answer is asked with its ETag, no body comes.
    const reload = new AnalyticsEngine(serverFetch);
    reload.configure('', token);
    calls.length = 0;
    visitTags.length = 0;
    const again = await reload.insights(request(), NO_FILTERS);
    expect(visitCalls().map((c) => c.status)).toEqual([304]);
    expect(visitTags).toEqual([stored.etag]);
    expect({ ...again, dataVersion: 0 }).toEqual({ ...before, dataVersion: 0 });
    // Within REVALIDATE_AFTER_MS it is held: no request.
    calls.length = 0;
    await reload.insights(request({ scope: productIds[0] }), NO_FILTERS);
    expect(visitCalls()).toEqual([]);

    // New visits on the server (sessions without events: no session number, AR launched on Scene Viewer).
    const added = 3;
    await t.database.db.insert(productVisits).values(
      Array.from({ length: added }, (_, i) => ({
        produitId: productIds[0],
        userSessionId: `visits-cache-${i}`,
        startedAt: new Date(Date.UTC(2026, 0, 6, 9, i)),
        updatedAt: new Date(Date.UTC(2026, 0, 6, 9, i)),
        arPlatform: 2,
        arLaunches: 1,
        arFailed: 1,
      })),
    );
    const next = new AnalyticsEngine(serverFetch);
    next.configure('', token);
    calls.length = 0;
    visitTags.length = 0;
    const after = await next.insights(request(), NO_FILTERS);
    expect(visitCalls().map((c) => c.status)).toEqual([200]);
    expect(visitTags).toEqual([stored.etag]);
    expect(after.visits).toBe(before.visits + added);
    const launched = (v: typeof before) => v.ar.find((a) => a.platform === 'scene-viewer')!;
    expect(launched(after).launched).toBe(launched(before).launched + added);
    expect(launched(after).failed).toBe(launched(before).failed + added);
    // The stored answer is replaced: the next reload gets a 304 and the new figures.
    await vi.waitFor(async () => expect((await readVisits(companyId))?.etag).not.toBe(stored.etag), {
      timeout: 10_000,
    });
    const replaced = (await readVisits(companyId))!;
    expect(replaced.visits.product).toHaveLength(after.visits);
    const last = new AnalyticsEngine(serverFetch);
    last.configure('', token);
    calls.length = 0;
    visitTags.length = 0;
    const reloaded = await last.insights(request(), NO_FILTERS);
    expect(visitCalls().map((c) => c.status)).toEqual([304]);
    expect(visitTags).toEqual([replaced.etag]);
    expect({ ...reloaded, dataVersion: 0 }).toEqual({ ...after, dataVersion: 0 });
  });

  it('draws the stored answer offline, and says the network failed without one', async () => {
    await deleteCache();
    const online = new AnalyticsEngine(serverFetch);
    online.configure('', token);
    await online.view(request());
    const shown = await online.insights(request(), NO_FILTERS);
    await vi.waitFor(async () => expect(await readVisits(companyId)).not.toBeNull(), { timeout: 10_000 });
    // A reload without network: the events and the visits come from IndexedDB.
    const unreachable: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const offline = new AnalyticsEngine(unreachable);
    offline.configure('', token);
    const drawn = await offline.insights(request(), NO_FILTERS);
    expect({ ...drawn, dataVersion: 0 }).toEqual({ ...shown, dataVersion: 0 });
    // Nothing stored: the failure is told, not an empty insight.
    await deleteCache();
    const bare = new AnalyticsEngine(unreachable);
    bare.configure('', token);
    await expect(bare.insights(request(), NO_FILTERS)).rejects.toMatchObject({ name: NETWORK });
  });

  it('computes the same insight from the stored answer as from its JSON', async () => {
    await deleteCache();
    const engine = new AnalyticsEngine(serverFetch);
    engine.configure('', token);
    await engine.view(request());
    const records = await readProducts(productIds, companyId);
    expect(records.size).toBe(productIds.length);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ProductStatistics/Entreprise/${companyId}/visits`,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const json = readVisitColumns(res.json());
    await storeVisits({ companyId, etag: 'tag', visits: typedVisits(readVisitColumns(res.json())), checkedAt: 1 });
    const stored = (await readVisits(companyId))!.visits;
    expect(stored.product).toBeInstanceOf(Int32Array);
    expect(stored.device).toBeInstanceOf(Int16Array);
    // The same values, column by column.
    for (const [key, column] of Object.entries(json))
      expect(Array.from(stored[key as keyof typeof stored] as ArrayLike<unknown>), key).toEqual(column);
    const zone = new Zone(DEFAULT_TIME_ZONE);
    const cases: Array<[Partial<ViewRequest>, InsightFilters]> = [
      [{}, NO_FILTERS],
      [{}, { ...NO_FILTERS, platform: 'scene-viewer' }],
      [{ period: 'year' }, { ...NO_FILTERS, device: 'telephone' }],
      [{ scope: productIds[0] }, NO_FILTERS],
    ];
    for (const [over, filters] of cases)
      expect(computeInsights(stored, records, request(over), zone, filters)).toEqual(
        computeInsights(json, records, request(over), zone, filters),
      );
  });

  it('keeps the visits answers of the 3 last companies received', async () => {
    await deleteCache();
    const visits = typedVisits(readVisitColumns(emptyColumns()));
    const store = (id: number, etag: string, at: number) => storeVisits({ companyId: id, etag, visits, checkedAt: at });
    const etags = (ids: number[]) => Promise.all(ids.map(async (id) => (await readVisits(id))?.etag ?? null));
    for (const id of [11, 12, 13]) await store(id, `t${id}`, id);
    expect(await etags([11, 12, 13])).toEqual(['t11', 't12', 't13']);
    await store(14, 't14', 14);
    expect(await etags([11, 12, 13, 14])).toEqual([null, 't12', 't13', 't14']);
    // A company received again is replaced, now the last: the next one drops the oldest of the others.
    await store(12, 't12b', 20);
    expect(await etags([12, 13, 14])).toEqual(['t12b', 't13', 't14']);
    await store(15, 't15', 21);
    expect(await etags([12, 13, 14, 15])).toEqual(['t12b', null, 't14', 't15']);
  });

  it('holds each column in the typed array its values fit, wider when one does not', () => {
    const body = emptyColumns();
    Object.assign(body, {
      product: [7, 7],
      session: [-1, 3],
      start: [1767225600123, 1767225660456],
      device: [1, 40000],
      activeMs: [0, 2 ** 31],
      firstInteractionMs: [-1, 1.5],
      attentionStart: [0, 0, 0],
    });
    for (const k of ['system', 'source', 'visibleMs', 'arPlatform', 'arLaunches', 'arPlaced', 'arFailed', 'arReturned'])
      body[k] = [0, 0];
    const v = typedVisits(readVisitColumns(body));
    expect([v.product, v.session, v.start, v.system]).toEqual([
      Int32Array.of(7, 7),
      Int32Array.of(-1, 3),
      Float64Array.of(1767225600123, 1767225660456),
      Int16Array.of(0, 0),
    ]);
    // Beyond a smallint, an integer, a whole number: kept as they are, in a Float64Array.
    expect([v.device, v.activeMs, v.firstInteractionMs]).toEqual([
      Float64Array.of(1, 40000),
      Float64Array.of(0, 2 ** 31),
      Float64Array.of(-1, 1.5),
    ]);
  });
});

/** A visits answer without visits, as the route writes it. */
function emptyColumns() {
  const keys = ['product', 'session', 'start', 'device', 'system', 'source', 'sources', 'visibleMs', 'activeMs'];
  const more = ['firstInteractionMs', 'arPlatform', 'arLaunches', 'arPlaced', 'arFailed', 'arReturned'];
  return Object.fromEntries(
    [...keys, ...more, 'attentionStart', 'attentionBucket', 'attentionMs'].map((k) => [k, [] as unknown[]]),
  );
}
