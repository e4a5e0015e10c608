// The worker's engine computing the insight against the real server (app.inject as its fetch,
// fake-indexeddb): the company's visits in one call, conditional (304 reused at the refresh), joined to the
// events the view loaded; a product not loaded yet is fetched for the insight. Needs the visits route
// (GET /api/ProductStatistics/Entreprise/{id}/visits, domain/analytics/visitColumns.ts).
import 'fake-indexeddb/auto';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { NO_FILTERS } from '#domain/analytics/insightsView';
import type { ViewRequest } from '#domain/analytics/view';

import { rowsOf } from '../../server/db/client';
import { productVisits } from '../../server/db/schema';
import { deleteCache } from '../../workers/analytics/cache';
import { AnalyticsEngine } from '../../workers/analytics/engine';
import { signedInCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';
import { serverFetch as answeredBy } from '../helpers/serverFetch';
import { viewRequest } from '../helpers/viewRequest';

let t: TestApp;
let token: string;
let companyId: number;
let productIds: number[];
const calls: Array<{ url: string; status: number }> = [];
const serverFetch = answeredBy(
  () => t.app,
  (url, res) => calls.push({ url, status: res.statusCode }),
);
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
});
