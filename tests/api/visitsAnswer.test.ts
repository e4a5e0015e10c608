// GET /api/ProductStatistics/Entreprise/{id}/visits (server/analytics/routes/visits.ts): the company's visits
// as columns, compared row by row with a plain SQL read of product_visits; its ETag, 304, and the tag's
// renewal when a visit is added, updated in place or purged, or when a visit's session gets its number; who
// may read it. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { gunzipSync } from 'node:zlib';

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { VisitColumns } from '#domain/analytics/visitColumns';

import { visitColumnsSchema } from '../../server/analytics/visitAnswers';
import { rowsOf } from '../../server/db/client';
import { productEvents, productVisits } from '../../server/db/schema';
import { event, newCompany, signedInCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
}, 120_000);
afterAll(() => t.close());

const url = (id: number) => `/api/ProductStatistics/Entreprise/${id}/visits`;
const visits = (id: number, token: string | null = admin, etag?: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: url(id),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(etag ? { 'if-none-match': etag } : {}),
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
  });

interface Row {
  produit_id: number;
  session_no: number | null;
  started_at: Date | string;
  device: number;
  system: number;
  source_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  visible_ms: number;
  active_ms: number;
  first_interaction_ms: number | null;
  attention: number[] | string;
  ar_platform: number;
  ar_launches: number;
  ar_placed: number;
  ar_failed: number;
  ar_returned: number;
}

/** The company's visits as plain rows, in the answer's order, with the session number joined. */
async function plainRows(entrepriseId: number): Promise<Row[]> {
  return rowsOf<Row>(
    await t.database.db.execute(sql`
      select v.produit_id, s.session_no, v.started_at, v.device, v.system, v.source_host, v.utm_source,
             v.utm_medium, v.utm_campaign, v.visible_ms, v.active_ms, v.first_interaction_ms, v.attention,
             v.ar_platform, v.ar_launches, v.ar_placed, v.ar_failed, v.ar_returned
      from product_visits v
      join groupe_models g on g.id_groupe_model = v.produit_id
      left join analytics_sessions s on s.entreprise_id = g.entreprise_id and s.user_session_id = v.user_session_id
      where g.entreprise_id = ${entrepriseId}
      order by v.started_at, v.produit_id, v.user_session_id`),
  );
}

const intArray = (a: number[] | string): number[] =>
  Array.isArray(a) ? a.map(Number) : a.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

/** Each visit of the answer equals its row: every field, the source resolved through the dictionary, its attention. */
function expectSameVisits(body: VisitColumns<number[]>, rows: Row[]) {
  const n = rows.length;
  for (const key of Object.keys(body) as Array<keyof VisitColumns>) {
    if (key === 'sources' || key === 'attentionBucket' || key === 'attentionMs') continue;
    expect(body[key].length, key).toBe(key === 'attentionStart' ? n + 1 : n);
  }
  expect(body.attentionStart[0]).toBe(0);
  expect(body.attentionBucket.length).toBe(body.attentionStart[n]);
  expect(body.attentionMs.length).toBe(body.attentionStart[n]);
  // The dictionary: distinct tuples, each used.
  const tuples = body.sources.map((s) => JSON.stringify([s.host, s.utmSource, s.utmMedium, s.utmCampaign]));
  expect(new Set(tuples).size).toBe(tuples.length);
  expect(new Set(body.source.filter((s) => s >= 0)).size).toBe(body.sources.length);
  rows.forEach((r, i) => {
    const where = `visit ${i}`;
    expect(body.product[i], where).toBe(r.produit_id);
    expect(body.session[i], where).toBe(r.session_no ?? -1);
    expect(body.start[i], where).toBe(new Date(r.started_at).getTime());
    expect([body.device[i], body.system[i]], where).toEqual([r.device, r.system]);
    if (r.source_host === null) expect(body.source[i], where).toBe(-1);
    else
      expect(body.sources[body.source[i]], where).toEqual({
        host: r.source_host,
        utmSource: r.utm_source,
        utmMedium: r.utm_medium,
        utmCampaign: r.utm_campaign,
      });
    expect([body.visibleMs[i], body.activeMs[i], body.firstInteractionMs[i]], where).toEqual([
      r.visible_ms,
      r.active_ms,
      r.first_interaction_ms ?? -1,
    ]);
    expect(
      [body.arPlatform[i], body.arLaunches[i], body.arPlaced[i], body.arFailed[i], body.arReturned[i]],
      where,
    ).toEqual([r.ar_platform, r.ar_launches, r.ar_placed, r.ar_failed, r.ar_returned]);
    const from = body.attentionStart[i];
    const to = body.attentionStart[i + 1];
    const sparse = body.attentionBucket.slice(from, to).map((b, k) => [b, body.attentionMs[from + k]]);
    const dense = intArray(r.attention)
      .map((ms, b) => [b, ms])
      .filter(([, ms]) => ms > 0);
    expect(sparse, where).toEqual(dense);
  });
}

const at = (minute: number, ms = 0) => new Date(Date.UTC(2026, 0, 1, 10, minute, 0, ms));

describe('the visits answer', () => {
  it('answers every visit with its signals, the session joined and the sources as a dictionary', async () => {
    const c = await newCompany(t, 'Visites A', 2);
    const [p0, p1] = c.productIds;
    // s1 and s2 get session numbers from their events (s2 through the other product); s9 has none.
    await t.database.db.insert(productEvents).values([event(p0, 's1', 1), event(p1, 's2', 2)]);
    const base = { updatedAt: at(30) };
    await t.database.db.insert(productVisits).values([
      {
        ...base,
        produitId: p0,
        userSessionId: 's1',
        startedAt: at(1, 250),
        device: 2,
        system: 1,
        sourceHost: 'boutique.exemple.fr',
        utmSource: 'instagram',
        utmMedium: 'social',
        utmCampaign: 'soldes-hiver',
        visibleMs: 41_000,
        activeMs: 12_000,
        firstInteractionMs: 2_300,
        attention: [0, 0, 0, 0, 0, 0, 0, 0, 9_000, 4_000, 0, 0, 0, 0, 0, 1_500],
        arPlatform: 3,
        arLaunches: 2,
        arFailed: 1,
        arReturned: 1,
      },
      // Same start as the next one: ordered by product then session id.
      { ...base, produitId: p0, userSessionId: 's2', startedAt: at(2), visibleMs: 5_000, attention: [] },
      {
        ...base,
        produitId: p1,
        userSessionId: 's2',
        startedAt: at(2),
        device: 1,
        system: 3,
        sourceHost: 'boutique.exemple.fr',
        visibleMs: 7_000,
        attention: Array.from({ length: 48 }, (_, b) => (b === 47 ? 700 : 0)),
      },
      {
        ...base,
        produitId: p1,
        userSessionId: 's9',
        startedAt: at(0),
        sourceHost: 'boutique.exemple.fr',
        utmSource: 'instagram',
        utmMedium: 'social',
        utmCampaign: 'soldes-hiver',
        arPlatform: 1,
        arLaunches: 1,
        arPlaced: 1,
        arReturned: 1,
      },
    ]);
    const res = await visits(c.entrepriseId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = visitColumnsSchema.parse(res.json());
    const rows = await plainRows(c.entrepriseId);
    expect(rows.length).toBe(4);
    expectSameVisits(body, rows);
    // What the rows say, spelled out: the order, the sessions, the sparse attention and two sources.
    expect(body.product).toEqual([p1, p0, p0, p1]);
    expect(body.session[0]).toBe(-1);
    expect(body.start[1]).toBe(at(1, 250).getTime());
    expect(body.sources.length).toBe(2);
    expect(body.source[0]).toBe(body.source[1]);
    expect(body.attentionStart).toEqual([0, 0, 3, 3, 4]);
    expect(body.attentionBucket).toEqual([8, 9, 15, 47]);
    expect(body.attentionMs).toEqual([9_000, 4_000, 1_500, 700]);
    expect(body.firstInteractionMs).toEqual([-1, 2_300, -1, -1]);
  });

  it('answers empty columns for a company without visits', async () => {
    const c = await newCompany(t, 'Visites vide', 1);
    const body = visitColumnsSchema.parse((await visits(c.entrepriseId)).json());
    expect(body.product).toEqual([]);
    expect(body.sources).toEqual([]);
    expect(body.attentionStart).toEqual([0]);
  });

  it('matches the plain rows on the demo data, compressed as asked', async () => {
    const { token, companyId } = await signedInCompany(t, 'directeur@demo.fr');
    const res = await visits(companyId, token, undefined, 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = visitColumnsSchema.parse(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')));
    const rows = await plainRows(companyId);
    expect(rows.length).toBeGreaterThan(100);
    expectSameVisits(body, rows);
    // Every demo visit has events, so a session number.
    expect(body.session.every((s) => s >= 0)).toBe(true);
  });

  it('answers 304 while nothing changed, and a new tag after an insert, an update in place, a purge or a new session', async () => {
    const c = await newCompany(t, 'Visites B', 2);
    const [p0, p1] = c.productIds;
    const row = (produitId: number, userSessionId: string) => ({
      produitId,
      userSessionId,
      startedAt: at(5),
      updatedAt: at(5),
      visibleMs: 1_000,
    });
    await t.database.db.insert(productVisits).values([row(p0, 'a'), row(p1, 'b')]);
    const tags: string[] = [];
    const check = async () => {
      const before = tags[tags.length - 1];
      const res = await visits(c.entrepriseId, admin, before);
      expect(res.statusCode).toBe(200);
      const tag = String(res.headers.etag);
      expect(tags).not.toContain(tag);
      tags.push(tag);
      expect((await visits(c.entrepriseId, admin, tag)).statusCode).toBe(304);
      return visitColumnsSchema.parse(res.json());
    };
    await check();
    // Updated in place, updated_at untouched: the database's version changes anyway.
    await t.database.db
      .update(productVisits)
      .set({ activeMs: 500 })
      .where(and(eq(productVisits.produitId, p1), eq(productVisits.userSessionId, 'b')));
    expect((await check()).activeMs).toEqual([0, 500]);
    await t.database.db.insert(productVisits).values(row(p0, 'c'));
    expect((await check()).product.length).toBe(3);
    // The visit's session gets its number when an event of that session is written.
    await t.database.db.insert(productEvents).values(event(p1, 'a', 3));
    expect((await check()).session[0]).toBeGreaterThanOrEqual(0);
    // Purged (retention, or the product's removal).
    await t.database.db.delete(productVisits).where(eq(productVisits.produitId, p0));
    expect((await check()).product).toEqual([p1]);
    expect(tags.length).toBe(5);
  });

  it('is read by the company and the Admin only: 404 for another company, 401 without token', async () => {
    const { token, companyId } = await signedInCompany(t, 'directeur@demo.fr');
    const other = await signedInCompany(t, 'directeur@atelier-bois.fr');
    expect((await visits(other.companyId, token)).statusCode).toBe(404);
    expect((await visits(companyId, other.token)).statusCode).toBe(404);
    expect((await visits(companyId, null)).statusCode).toBe(401);
    expect((await visits(999_999, admin)).statusCode).toBe(404);
    expect((await visits(companyId, admin)).statusCode).toBe(200);
    // Every member reads the company's statistics (the dashboard is open to every role: docs/permissions.md).
    const vendeur = await t.login('vendeur@demo.fr');
    expect((await visits(companyId, vendeur)).statusCode).toBe(200);
  });
});
