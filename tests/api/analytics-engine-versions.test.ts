// The worker's engine against the real server (app.inject as its fetch, fake-indexeddb): a repeat visit
// and the 60-second refresh ask the company's versions once and fetch only the products that changed;
// another server (no versions route) is revalidated product by product; events sent by a visitor through
// POST /api/collect reach the figures, the AR funnel and "En direct" at the next refresh.
import 'fake-indexeddb/auto';

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { civilOf } from '#domain/analytics/buckets';
import type { DashboardView, ViewRequest } from '#domain/analytics/view';

import { Numbering } from '../../workers/analytics/aggregate';
import { deleteCache, readStoredViews } from '../../workers/analytics/cache';
import { AnalyticsEngine } from '../../workers/analytics/engine';
import { siblingRequests, storedViewKey } from '../../workers/analytics/storedViews';
import { createTestApp, type TestApp } from '../helpers/app';
import { urlOf } from '../helpers/requestUrl';
import { serverFetch as answeredBy } from '../helpers/serverFetch';
import { injectSend, sendVisit } from '../helpers/viewerVisit';
import { viewRequest } from '../helpers/viewRequest';

let t: TestApp;
let token: string;
let companyId: number;
let products: Array<{ produitId: number; publicKey: string }>;
const calls: Array<{ url: string; status: number }> = [];
/** Content types of the product answers with a body (the worker asks for the binary columns). */
const types: string[] = [];

const serverFetch = answeredBy(
  () => t.app,
  (url, res) => {
    calls.push({ url, status: res.statusCode });
    if (res.statusCode === 200 && url.includes('/Product/')) types.push(String(res.headers['content-type']));
  },
);

/** Another server of the contract: it has no versions route (the real server's 404 for an unknown path). */
const noVersionsFetch = ((input: string | URL | Request, init?: RequestInit) =>
  serverFetch(urlOf(input).replace(/\/versions$/, '/versions-inconnue'), init)) as typeof fetch;

const productCalls = () => calls.filter((c) => c.url.includes('/ProductStatistics/Product/'));
const versionCalls = () => calls.filter((c) => c.url.endsWith('/versions') || c.url.endsWith('/versions-inconnue'));

let address = 0;
async function visit(publicKey: string, sessionId: string, types: string[]) {
  expect(await sendVisit(injectSend(t.app, `10.9.0.${++address}`), publicKey, sessionId, types)).toBe(202);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('directeur@demo.fr');
  companyId = (await t.call('GET', '/api/User/current', token)).json().entrepriseId;
  products = (await t.call('GET', `/api/Produit/Entreprise/${companyId}`, token)).json().$values;
});
afterAll(() => t.close());
beforeEach(async () => {
  await deleteCache();
  calls.length = 0;
});

const request = (generation: number, over: Partial<ViewRequest> = {}) =>
  viewRequest({ generation, productIds: products.map((p) => p.produitId), companyId, ...over });

function engine(fetchImpl = serverFetch) {
  const e = new AnalyticsEngine(fetchImpl);
  e.configure('', token);
  return e;
}

describe('revalidation in one call', () => {
  it('a repeat visit asks the versions once and no product; a refresh after one visit fetches that product only', async () => {
    types.length = 0;
    const full = await engine().view(request(1));
    expect(productCalls()).toHaveLength(products.length);
    expect(new Set(types)).toEqual(new Set(['application/vnd.visio3d.columns']));

    // The load asked the versions alongside its products: the reload's one call answers 304 (its stored
    // view is then the complete one, see the stored views below).
    expect(versionCalls()).toEqual([{ url: `/api/ProductStatistics/Entreprise/${companyId}/versions`, status: 200 }]);
    calls.length = 0;
    const reloaded = engine();
    const again = await reloaded.view(request(1));
    expect(versionCalls()).toEqual([{ url: `/api/ProductStatistics/Entreprise/${companyId}/versions`, status: 304 }]);
    expect(productCalls()).toEqual([]);
    expect(again.stats).toEqual(full.stats);

    // Nothing changed: the refresh's versions call answers 304, and still no product is asked.
    calls.length = 0;
    const unchanged = await reloaded.view(request(2, { refresh: true }));
    expect(calls).toEqual([{ url: `/api/ProductStatistics/Entreprise/${companyId}/versions`, status: 304 }]);
    // Views of the same data say so (the page may draw them again: viewMemory.ts)...
    expect(unchanged.dataVersion).toBeDefined();
    expect(unchanged.dataVersion).toBe(again.dataVersion);

    const changed = products[3];
    await visit(changed.publicKey, 'versions-visiteur-1', ['consultation', 'iframeInteraction']);
    calls.length = 0;
    const after = await reloaded.view(request(3, { refresh: true }));
    expect(versionCalls().map((c) => c.status)).toEqual([200]);
    expect(productCalls()).toEqual([
      { url: `/api/ProductStatistics/Product/${changed.produitId}?format=columns`, status: 200 },
    ]);
    expect(after.stats.consultations).toBe(full.stats.consultations + 1);
    expect(after.stats.interactions).toBe(full.stats.interactions + 1);
    // ... and a changed product makes the earlier views stale.
    expect(after.dataVersion).not.toBe(unchanged.dataVersion);
    const otherMetric = await reloaded.view(request(4, { metric: 'engagement' }));
    expect(otherMetric.dataVersion).toBe(after.dataVersion);
  });

  it('without the versions route (another server), revalidates product by product and remembers it', async () => {
    await engine(noVersionsFetch).view(request(1));
    calls.length = 0;
    const reloaded = engine(noVersionsFetch);
    await reloaded.view(request(1));
    expect(versionCalls()).toEqual([
      { url: `/api/ProductStatistics/Entreprise/${companyId}/versions-inconnue`, status: 404 },
    ]);
    expect(productCalls()).toHaveLength(products.length);
    expect(productCalls().every((c) => c.status === 304)).toBe(true);
    calls.length = 0;
    await reloaded.view(request(2, { refresh: true }));
    expect(versionCalls()).toEqual([]);
    expect(productCalls()).toHaveLength(products.length);
  });

  it('a 401 on the versions call ends the view by name', async () => {
    await engine().view(request(1));
    const other = new AnalyticsEngine(serverFetch);
    other.configure('', token);
    await other.view(request(1));
    other.configure('', 'jeton-invalide');
    // The new token dropped the memory: read back from IndexedDB, then the versions call answers 401.
    await expect(other.view(request(2))).rejects.toMatchObject({ name: 'Unauthorized' });
    expect(versionCalls().at(-1)?.status).toBe(401);
  });
});

describe('stored views (workers/analytics/storedViews.ts)', () => {
  const versionsUrl = () => `/api/ProductStatistics/Entreprise/${companyId}/versions`;

  it('a visit with nothing changed shows the stored view, complete after one 304, then reads the events back', async () => {
    const first = engine();
    const figures = await first.view(request(1));
    // The load asked the versions alongside: every product current, so its view is stored with that
    // answer's ETag.

    calls.length = 0;
    const shown: DashboardView[] = [];
    const third = engine();
    const view = await third.view(request(1), undefined, (v) => void shown.push(v));
    expect(calls).toEqual([{ url: versionsUrl(), status: 304 }]);
    expect(view.stored).toBe(true);
    expect(view.complete).toBe(true);
    expect(view.stats).toEqual(figures.stats);
    expect(view.series).toEqual(figures.series);
    expect(Array.from(view.ranking.counts)).toEqual(Array.from(figures.ranking.counts));
    expect(shown.map((v) => [v.complete, v.stats])).toEqual([[false, figures.stats]]);

    // Another selection is computed from the events read back in the background: no request.
    calls.length = 0;
    const unique = await third.view(request(2, { counting: 'unique_users', period: 'year', year: 2026 }));
    expect(calls).toEqual([]);
    expect(unique.stored).toBeUndefined();
    expect(unique.stats).toEqual(
      (await first.view(request(2, { counting: 'unique_users', period: 'year', year: 2026 }))).stats,
    );
  });

  it('the views of its other metrics and periods are stored too, and drawn at once on the next visit', async () => {
    const first = engine();
    // Each also goes to the page as it is composed (the page draws it at once if asked: viewMemory.ts).
    const prepared = new Map<string, DashboardView>();
    const shown = await first.view(request(1), undefined, undefined, (metric, period, view) =>
      prepared.set(`${metric} ${period}`, view),
    );
    // Composed once the first view's periods are prepared, then stored together.
    const today = new Numbering().zone.day(Date.now());
    const keys = siblingRequests(request(1)).map((r) => storedViewKey(r, today));
    expect(keys).toHaveLength(15);
    await vi.waitFor(async () => expect((await readStoredViews(keys)).size).toBe(keys.length), { timeout: 10_000 });
    expect([...prepared.keys()].sort()).toEqual(
      siblingRequests(request(1))
        .map((r) => `${r.metric} ${r.period}`)
        .sort(),
    );
    const preparedYear = prepared.get('engagement year')!;
    expect(preparedYear.dataVersion).toBe(shown.dataVersion);
    const askedYear = await first.view(request(2, { metric: 'engagement', period: 'year' }));
    expect(preparedYear.stats).toEqual(askedYear.stats);
    expect(preparedYear.series).toEqual(askedYear.series);
    expect(Array.from(preparedYear.ranking.counts)).toEqual(Array.from(askedYear.ranking.counts));

    calls.length = 0;
    let later = 0;
    const reloaded = new AnalyticsEngine(serverFetch, () => Date.now() + later);
    reloaded.configure('', token);
    expect((await reloaded.view(request(1))).stored).toBe(true);
    const arMonth = await reloaded.view(request(2, { metric: 'ar_usage', period: 'month' }));
    const engagementYear = await reloaded.view(request(3, { metric: 'engagement', period: 'year' }));
    // The stored view's 304 holds for them: no other request.
    expect(calls).toEqual([{ url: versionsUrl(), status: 304 }]);
    for (const [got, over] of [
      [arMonth, { metric: 'ar_usage', period: 'month' }],
      [engagementYear, { metric: 'engagement', period: 'year' }],
    ] as const) {
      expect(got.stored).toBe(true);
      expect(got.complete).toBe(true);
      const want = await first.view(request(4, over));
      expect(got.stats).toEqual(want.stats);
      expect(got.series).toEqual(want.series);
      expect(Array.from(got.ranking.counts)).toEqual(Array.from(want.ranking.counts));
    }
    // Asked again after its arrays went to the page (transferred, as the worker does): the same figures.
    const counts = Array.from(arMonth.ranking.counts);
    structuredClone(arMonth.ranking, { transfer: [arMonth.ranking.productIds.buffer, arMonth.ranking.counts.buffer] });
    const again = await reloaded.view(request(5, { metric: 'ar_usage', period: 'month' }));
    expect(again.stored).toBe(true);
    expect(Array.from(again.ranking.counts)).toEqual(counts);
    // Not for another product scope, nor once that 304 is older than a revalidation allows.
    expect((await reloaded.view(request(6, { scope: products[0].produitId }))).stored).toBeUndefined();
    later = 31_000;
    calls.length = 0;
    const revalidated = await reloaded.view(request(7, { metric: 'ar_usage', period: 'month' }));
    expect(revalidated.stored).toBeUndefined();
    expect(calls).toEqual([{ url: versionsUrl(), status: 304 }]);
    expect(revalidated.stats).toEqual(arMonth.stats);
  });

  it("a product's views (no claim to store them) still reach the page as they are prepared, unstored", async () => {
    const first = engine();
    await first.view(request(1));
    const scope = products[2].produitId;
    const prepared = new Map<string, DashboardView>();
    await first.view(request(2, { scope }), undefined, undefined, (metric, period, view) =>
      prepared.set(`${metric} ${period}`, view),
    );
    const siblings = siblingRequests(request(2, { scope }));
    await vi.waitFor(() => expect(prepared.size).toBe(siblings.length), { timeout: 10_000 });
    const today = new Numbering().zone.day(Date.now());
    expect((await readStoredViews(siblings.map((r) => storedViewKey(r, today)))).size).toBe(0);
    const asked = await first.view(request(3, { scope, metric: 'conversion', period: 'month' }));
    expect(prepared.get('conversion month')!.stats).toEqual(asked.stats);
    expect(prepared.get('conversion month')!.series).toEqual(asked.series);
  });

  it('the views stored beside it are dropped once a refresh brings a changed product', async () => {
    const first = engine();
    await first.view(request(1));
    const today = new Numbering().zone.day(Date.now());
    const keys = siblingRequests(request(1)).map((r) => storedViewKey(r, today));
    await vi.waitFor(async () => expect((await readStoredViews(keys)).size).toBe(keys.length), { timeout: 10_000 });
    // This year in the company's zone, where the visit below is counted (the machine's, UTC, is a year
    // behind in the last hour of December).
    const { year } = civilOf(today);
    const before = await first.view(request(2, { metric: 'engagement', period: 'year', year }));

    const reloaded = engine();
    expect((await reloaded.view(request(1))).stored).toBe(true);
    await visit(products[1].publicKey, 'voisins-visiteur', ['consultation', 'iframeInteraction']);
    await reloaded.view(request(3, { refresh: true }));
    const after = await reloaded.view(request(4, { metric: 'engagement', period: 'year', year }));
    expect(after.stored).toBeUndefined();
    expect(after.stats.interactions).toBe(before.stats.interactions + 1);
  });

  it('is not used once a product changed, nor on another day', async () => {
    const figures = await engine().view(request(1));
    const product = products[2];
    await visit(product.publicKey, 'stored-visiteur', ['consultation']);

    calls.length = 0;
    const after = await engine().view(request(1));
    expect(after.stored).toBeUndefined();
    expect(versionCalls().map((c) => c.status)).toEqual([200]);
    expect(productCalls()).toEqual([
      { url: `/api/ProductStatistics/Product/${product.produitId}?format=columns`, status: 200 },
    ]);
    expect(after.stats.consultations).toBe(figures.stats.consultations + 1);

    // Tomorrow: "today" is part of what a view answers (buckets in progress, "En direct").
    await engine().view(request(2));
    const tomorrow = new AnalyticsEngine(serverFetch, () => Date.now() + 86_400_000);
    tomorrow.configure('', token);
    calls.length = 0;
    const next = await tomorrow.view(request(1));
    expect(next.stored).toBeUndefined();
    expect(versionCalls().map((c) => c.status)).toEqual([200]);
  });
});

describe('new visits on the dashboard', () => {
  it('reach "En direct", the funnel and the figures at the next refresh', async () => {
    const product = products[5];
    const one = engine();
    const scope = { scope: product.produitId, productIds: products.map((p) => p.produitId) };
    const before = await one.view(request(1, scope));
    // Two visitors now: one goes the whole way, the other only looks.
    await visit(product.publicKey, 'direct-a', ['consultation', 'iframeInteraction', 'arTry', 'conversion']);
    await visit(product.publicKey, 'direct-b', ['consultation']);
    const after = await one.view(request(2, { ...scope, refresh: true }));
    expect(after.live.sessions).toBe(before.live.sessions + 2);
    expect(after.live.steps).toEqual([
      before.live.steps[0] + 2,
      before.live.steps[1] + 1,
      before.live.steps[2] + 1,
      before.live.steps[3] + 1,
    ]);
    const counts = (v: typeof before) => v.funnel.map((s) => s.count);
    const was = before.funnel.length ? counts(before) : [0, 0, 0, 0];
    expect(counts(after)).toEqual([was[0] + 2, was[1] + 1, was[2] + 1, was[3] + 1]);
    // The other products' "En direct" did not move.
    const elsewhere = await one.view(request(3, { scope: products[6].produitId }));
    expect(elsewhere.live.sessions).toBe(0);
  });
});
