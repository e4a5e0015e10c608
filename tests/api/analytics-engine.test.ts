// The worker's engine against the real server (app.inject as its fetch), with IndexedDB from fake-indexeddb.
import 'fake-indexeddb/auto';

import { openDB } from 'idb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DashboardView, ViewRequest } from '#domain/analytics/view';

import { CACHE_DB, deleteCache, readProducts, readSessionChunks, writeProducts } from '../../workers/analytics/cache';
import { AnalyticsEngine, TAIL_PRODUCTS } from '../../workers/analytics/engine';
import { createTestApp, type TestApp } from '../helpers/app';
import { urlOf } from '../helpers/requestUrl';
import { serverFetch as answeredBy } from '../helpers/serverFetch';
import { viewRequest } from '../helpers/viewRequest';

let t: TestApp;
let token: string;
let productIds: number[];
const calls: Array<{ url: string; status: number }> = [];

const serverFetch = answeredBy(
  () => t.app,
  (url, res) => calls.push({ url, status: res.statusCode }),
);

/** What another server of the contract answers: the spec's list (it ignores ?format=columns). */
const listFetch = ((input: string | URL | Request, init?: RequestInit) =>
  serverFetch(urlOf(input).replace('?format=columns', ''), init)) as typeof fetch;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('directeur@demo.fr');
  const me = (await t.call('GET', '/api/User/current', token)).json();
  productIds = (await t.call('GET', `/api/Produit/Entreprise/${me.entrepriseId}`, token))
    .json()
    .$values.map((p: { produitId: number }) => p.produitId);
  await deleteCache();
});
afterAll(() => t.close());

const request = (generation: number, over: Partial<ViewRequest> = {}) =>
  viewRequest({ generation, productIds, year: 2025, ...over });

describe('the analytics engine', () => {
  it('fetches every product, equals the SQL company summary, and caches each product', async () => {
    const engine = new AnalyticsEngine(serverFetch);
    engine.configure('', token);
    const progress: number[] = [];
    const view = await engine.view(request(1), (p) => progress.push(p.done));
    const me = (await t.call('GET', '/api/User/current', token)).json();
    const summary = (await t.call('GET', `/api/ProductStatistics/Entreprise/${me.entrepriseId}/summary`, token)).json();
    expect(view.stats.consultations).toBe(summary.totalConsultations);
    expect(view.stats.interactions).toBe(summary.totalIframes);
    expect(view.stats.arTries).toBe(summary.totalARTries);
    expect(view.stats.conversionRate).toBe(Math.round((summary.totalConversions / summary.totalEvents) * 100));
    expect(view.complete).toBe(true);
    // Reported at the start and the end at least, at most every PROGRESS_EVERY_MS in between.
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(productIds.length);
    expect((await readProducts(productIds)).size).toBe(productIds.length);
  });

  it('writes what it gathered once only the last answers remain: the write the view waits for holds few products', async () => {
    await deleteCache();
    // Enough products for a tail apart (otherwise the whole company is one small write anyway).
    expect(productIds.length).toBeGreaterThan(2 * TAIL_PRODUCTS);
    const engine = new AnalyticsEngine(serverFetch);
    engine.configure('', token);
    await engine.view(request(1));
    const database = await openDB(CACHE_DB);
    const packs = (await database.getAll('packs')).sort((a, b) => a.id - b.id);
    database.close();
    const sizes = packs.map((p: { productIds: Int32Array }) => p.productIds.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(productIds.length);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.at(-1)).toBeLessThanOrEqual(TAIL_PRODUCTS);
  });

  it('reports progress at most every PROGRESS_EVERY_MS: with a clock that stands still, only the start and the end', async () => {
    await deleteCache();
    const engine = new AnalyticsEngine(serverFetch, () => Date.UTC(2026, 10, 21));
    engine.configure('', token);
    const progress: number[] = [];
    await engine.view(request(1), (p) => progress.push(p.done));
    expect(progress).toEqual([0, productIds.length]);
  });

  it('a new engine (reload) shows the cached figures first, then revalidates with 304s', async () => {
    calls.length = 0;
    const engine = new AnalyticsEngine(serverFetch);
    engine.configure('', token);
    let cachedFirst: number | null = null;
    const view = await engine.view(request(1), undefined, (v) => {
      cachedFirst ??= calls.length;
      expect(v.complete).toBe(false);
    });
    expect(cachedFirst).toBe(0);
    expect(calls).toHaveLength(productIds.length);
    expect(calls.every((c) => c.status === 304)).toBe(true);
    expect(view.cachedAt).not.toBeNull();
  });

  it('a newer selection supersedes an older one', async () => {
    const engine = new AnalyticsEngine(serverFetch);
    engine.configure('', token);
    const older = engine.view(request(1, { counting: 'unique_users' }));
    const newer = engine.view(request(2));
    await expect(older).rejects.toMatchObject({ name: 'Superseded' });
    expect((await newer).generation).toBe(2);
  });

  it('a view superseded while its calls are in flight still stores what they bring: a reload finds every product cached', async () => {
    await deleteCache();
    // Slow answers, so that several calls are in flight when the period changes.
    const slowFetch = (async (input: string | URL | Request, init?: RequestInit) => {
      await new Promise((r) => setTimeout(r, 15));
      return serverFetch(input, init);
    }) as typeof fetch;
    const engine = new AnalyticsEngine(slowFetch);
    engine.configure('', token);
    calls.length = 0;
    const older = engine.view(request(1, { period: 'month' }));
    while (calls.length < 2) await new Promise((r) => setTimeout(r, 2));
    const newer = engine.view(request(2));
    await expect(older).rejects.toMatchObject({ name: 'Superseded' });
    expect((await newer).complete).toBe(true);
    expect((await readProducts(productIds)).size).toBe(productIds.length);
  });

  // Our server numbers the sessions itself; a list answer has the engine number them (SessionDictionary).
  it.each([
    ['our columns answers', serverFetch],
    ['list answers', listFetch],
  ])(
    'after a reload, with %s, numbers the sessions of newly fetched products after the stored ones: the same unique counts as a clean load',
    async (_, answers) => {
      const unique = (engine: AnalyticsEngine, over: Partial<ViewRequest> = {}) =>
        engine.view(request(1, { counting: 'unique_users', ...over }));
      await deleteCache();
      const clean = new AnalyticsEngine(answers);
      clean.configure('', token);
      const expected = await unique(clean);
      // Both kinds of answer count the same (checked against our columns answers).
      if (answers !== serverFetch) {
        const ours = new AnalyticsEngine(serverFetch);
        ours.configure('', token);
        await deleteCache();
        expect((await unique(ours)).stats).toEqual(expected.stats);
        await deleteCache();
      }
      await deleteCache();
      // Half the products stored by one page, the rest fetched by the reloaded page (sessions seen by both).
      const first = new AnalyticsEngine(answers);
      first.configure('', token);
      await unique(first, { productIds: productIds.slice(0, Math.ceil(productIds.length / 2)) });
      const reloaded = new AnalyticsEngine(answers);
      reloaded.configure('', token);
      const view = await unique(reloaded);
      expect(view.stats).toEqual(expected.stats);
      expect(view.series).toEqual(expected.series);
      expect(view.geo).toEqual(expected.geo);
      // And once more from the cache alone (every product stored, numbering included).
      let cached: DashboardView | null = null;
      const third = new AnalyticsEngine(answers);
      third.configure('', token);
      await third.view(request(1, { counting: 'unique_users' }), undefined, (v) => (cached = v));
      expect(cached!.stats).toEqual(expected.stats);
    },
  );

  it('drops a stored numbering whose chunks do not follow each other (and the cache with it), then works again (list answers)', async () => {
    await deleteCache();
    await writeProducts([], { start: 3, strings: ['orpheline'] });
    const engine = new AnalyticsEngine(listFetch);
    engine.configure('', token);
    const broken = await engine.view(request(1));
    expect(broken.failedProducts.length).toBeGreaterThan(0);
    expect(await readSessionChunks()).toEqual([]);
    const next = await engine.view(request(2));
    expect(next.failedProducts).toEqual([]);
    expect(next.stats.consultations).toBeGreaterThan(0);
    expect((await readProducts(productIds)).size).toBe(productIds.length);
  });

  it('shows no cached figures when only some products are cached (partial totals would mislead)', async () => {
    await deleteCache();
    const first = new AnalyticsEngine(serverFetch);
    first.configure('', token);
    await first.view(request(1, { productIds: productIds.slice(0, 2) }));
    const reloaded = new AnalyticsEngine(serverFetch);
    reloaded.configure('', token);
    let cachedViews = 0;
    const view = await reloaded.view(request(1), undefined, () => cachedViews++);
    expect(cachedViews).toBe(0);
    expect(view.complete).toBe(true);
  });

  it('reports a 401 by name', async () => {
    await deleteCache();
    const engine = new AnalyticsEngine(serverFetch);
    engine.configure('', 'jeton-invalide');
    await expect(engine.view(request(1))).rejects.toMatchObject({ name: 'Unauthorized' });
  });

  it('counts a product that fails as empty without failing the others, and reports it', async () => {
    const engine = new AnalyticsEngine(serverFetch);
    engine.configure('', token);
    const view = await engine.view(request(1, { productIds: [...productIds.slice(0, 2), 999999] }));
    expect(view.failedProducts).toEqual([999999]);
    expect(view.stats.consultations).toBeGreaterThan(0);
  });
});
