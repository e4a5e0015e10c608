import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
let vendeur: string;
let atelier: string;
const company: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
  vendeur = await t.login('vendeur@demo.fr');
  atelier = await t.login('vendeur@atelier-bois.fr');
  for (const e of (await t.call('GET', '/api/Entreprise', admin)).json().$values)
    company[e.nomEntreprise] = e.entrepriseId;
});
afterAll(() => t.close());

/** The company's session numbering: number -> session id. */
async function sessionLabels(entrepriseId: number): Promise<Map<number, string>> {
  const { analyticsSessions } = await import('../../server/db/schema');
  const { eq } = await import('drizzle-orm');
  const rows = await t.database.db
    .select()
    .from(analyticsSessions)
    .where(eq(analyticsSessions.entrepriseId, entrepriseId));
  return new Map(rows.map((r) => [r.sessionNo, r.userSessionId]));
}

const products = async (token: string, id: number) =>
  (await t.call('GET', `/api/Produit/Entreprise/${id}`, token)).json().$values;

describe('GET /api/Produit/Entreprise/{id}', () => {
  it("lists the company's product groups with produitId and nomProduit", async () => {
    const res = await t.call('GET', `/api/Produit/Entreprise/${company['Maison Lumière']}`, vendeur);
    expect(res.statusCode).toBe(200);
    const list = res.json().$values;
    expect(list.length).toBeGreaterThanOrEqual(38);
    expect(list[0]).toMatchObject({ produitId: expect.any(Number), nomProduit: expect.any(String) });
  });

  it('gives the demo companies the sizes the dashboard needs: small, about 40, 200 or more, and one without events', async () => {
    expect((await products(admin, company['Atelier Bois & Design'])).length).toBeLessThan(10);
    expect((await products(admin, company['Grand Mobilier Europe'])).length).toBeGreaterThanOrEqual(200);
    const galerie = await products(admin, company['Galerie Horizon']);
    expect(galerie.length).toBeGreaterThan(0);
    const summary = (
      await t.call('GET', `/api/ProductStatistics/Entreprise/${company['Galerie Horizon']}/summary`, admin)
    ).json();
    expect(summary.totalEvents).toBe(0);
  });

  it('answers 404 for another company, 404 for an unknown one and 400 for a non-numeric id', async () => {
    expect((await t.call('GET', `/api/Produit/Entreprise/${company['Maison Lumière']}`, atelier)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/Produit/Entreprise/999999', admin)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/Produit/Entreprise/abc', admin)).statusCode).toBe(400);
  });
});

describe('GET /api/ProductStatistics/Product/{id}', () => {
  it("answers the product's events with the spec's field names and an ETag, then 304 on If-None-Match", async () => {
    const [p] = await products(vendeur, company['Maison Lumière']);
    const url = `/api/ProductStatistics/Product/${p.produitId}`;
    const res = await t.call('GET', url, vendeur);
    expect(res.statusCode).toBe(200);
    const events = res.json().$values;
    expect(events.length).toBeGreaterThan(0);
    expect(Object.keys(events[0]).sort()).toEqual(
      ['ar_Try', 'consultation', 'country', 'iframeInteraction', 'timestamp', 'userSessionId', 'conversion'].sort(),
    );
    expect(Date.parse(events[0].timestamp)).toBeGreaterThanOrEqual(Date.UTC(2024, 0, 1));
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${vendeur}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${vendeur}`, 'if-none-match': '"autre"' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers the same events as parallel arrays with ?format=columns, under its own ETag', async () => {
    const [p] = await products(vendeur, company['Maison Lumière']);
    // An event without a country, whatever the demo data drew for this product today (1 % of sessions).
    const { productEvents } = await import('../../server/db/schema');
    await t.database.db.insert(productEvents).values({
      produitId: p.produitId,
      timestamp: new Date(),
      userSessionId: 'sans-pays',
      consultation: true,
      country: null,
    });
    const url = `/api/ProductStatistics/Product/${p.produitId}`;
    const list = await t.call('GET', url, vendeur);
    const res = await t.call('GET', `${url}?format=columns`, vendeur);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    const events = list.json().$values;
    expect(c.time.length).toBe(events.length);
    // Sessions and countries come as the company's numbers (analytics_sessions, analytics_countries); the
    // countries' dictionary is the company's, a missing country named ''.
    const numbered = await sessionLabels(company['Maison Lumière']);
    expect(events.some((e: { country: string | null }) => e.country === null)).toBe(true);
    const rebuilt = c.time.map((time: number, i: number) => ({
      timestamp: new Date(time).toISOString(),
      userSessionId: numbered.get(c.session[i]),
      consultation: (c.flags[i] & 1) !== 0,
      iframeInteraction: (c.flags[i] & 2) !== 0,
      ar_Try: (c.flags[i] & 4) !== 0,
      conversion: (c.flags[i] & 8) !== 0,
      country: c.countries[c.country[i]] || null,
    }));
    // The same events; the answer keeps the order they were written in, which the counts do not use.
    const canonical = (list: unknown[]) => list.map((e) => JSON.stringify(e)).sort();
    expect(canonical(rebuilt)).toEqual(canonical(events));
    expect(res.headers.etag).not.toBe(list.headers.etag);
    const headers = { authorization: `Bearer ${vendeur}`, 'if-none-match': String(res.headers.etag) };
    expect((await t.app.inject({ method: 'GET', url: `${url}?format=columns`, headers })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    expect((await t.call('GET', `${url}?format=xml`, vendeur)).statusCode).toBe(400);
  });

  it('sends the events compressed in the encoding the client prefers, the same JSON as unencoded', async () => {
    const [p] = await products(vendeur, company['Maison Lumière']);
    for (const url of [
      `/api/ProductStatistics/Product/${p.produitId}`,
      `/api/ProductStatistics/Product/${p.produitId}?format=columns`,
    ]) {
      const plain = await t.call('GET', url, vendeur);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const ask = (encoding: string) =>
        t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${vendeur}`, 'accept-encoding': encoding },
        });
      const br = await ask('br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      const gz = await ask('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
      // Kept: the second answer is the stored bytes, with the same tag.
      const again = await ask('gzip, deflate, br');
      expect(again.headers['content-encoding']).toBe('gzip');
      expect(again.rawPayload.equals(gz.rawPayload)).toBe(true);
      expect(again.headers.etag).toBe(gz.headers.etag);
    }
  });

  it('changes the ETag when an event is added', async () => {
    const [p] = await products(admin, company['Atelier Bois & Design']);
    const url = `/api/ProductStatistics/Product/${p.produitId}`;
    const before = (await t.call('GET', url, admin)).headers.etag;
    const { productEvents } = await import('../../server/db/schema');
    await t.database.db
      .insert(productEvents)
      .values({ produitId: p.produitId, timestamp: new Date(), userSessionId: 'nouvelle', consultation: true });
    const after = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${admin}`, 'if-none-match': String(before) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.json().$values.some((e: { userSessionId: string }) => e.userSessionId === 'nouvelle')).toBe(true);
    // The columns answer, built and kept before the insert, is not served again either.
    const columnsUrl = `${url}?format=columns`;
    const kept = (await t.call('GET', columnsUrl, admin)).json();
    await t.database.db
      .insert(productEvents)
      .values({ produitId: p.produitId, timestamp: new Date(), userSessionId: 'encore', conversion: true });
    const fresh = (await t.call('GET', columnsUrl, admin)).json();
    expect(fresh.time.length).toBe(kept.time.length + 1);
    const encore = [...(await sessionLabels(company['Atelier Bois & Design']))].find(
      ([, label]) => label === 'encore',
    )![0];
    expect(fresh.session).toContain(encore);
  });
});

describe('summaries, geo and journey', () => {
  it('gives product and company totals computed in SQL, consistent with the events', async () => {
    const list = await products(vendeur, company['Maison Lumière']);
    const p = list[0];
    const events = (await t.call('GET', `/api/ProductStatistics/Product/${p.produitId}`, vendeur)).json().$values;
    const s = (await t.call('GET', `/api/ProductStatistics/Product/${p.produitId}/summary`, vendeur)).json();
    expect(s).toEqual({
      totalEvents: events.length,
      totalConsultations: events.filter((e: { consultation: boolean }) => e.consultation).length,
      totalIframes: events.filter((e: { iframeInteraction: boolean }) => e.iframeInteraction).length,
      totalARTries: events.filter((e: { ar_Try: boolean }) => e.ar_Try).length,
      totalConversions: events.filter((e: { conversion: boolean }) => e.conversion).length,
    });
    const c = (
      await t.call('GET', `/api/ProductStatistics/Entreprise/${company['Maison Lumière']}/summary`, vendeur)
    ).json();
    expect(c.totalEvents).toBeGreaterThan(s.totalEvents);
    expect(c.totalConversions).toBeLessThan(c.totalARTries);
    expect(c.totalARTries).toBeLessThan(c.totalIframes);
  });

  it('counts events per country, French-heavy, by descending count', async () => {
    const [p] = await products(vendeur, company['Maison Lumière']);
    const geo = (await t.call('GET', `/api/ProductStatistics/geo/Product/${p.produitId}`, vendeur)).json();
    expect(geo.byCountry[0]).toEqual({ country: 'FR', count: expect.any(Number) });
    const counts = geo.byCountry.map((g: { count: number }) => g.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('gives the four journey steps with distinct sessions, dropping off', async () => {
    const [p] = await products(vendeur, company['Maison Lumière']);
    const res = await t.call('GET', `/api/UserJourney/Product/${p.produitId}/summary`, vendeur);
    const steps = res.json().$values;
    expect(steps.map((s: { stepName: string }) => s.stepName)).toEqual([
      'consultation',
      'interaction 3D',
      'essai AR',
      'conversion',
    ]);
    const events = (await t.call('GET', `/api/ProductStatistics/Product/${p.produitId}`, vendeur)).json().$values;
    const distinct = new Set(
      events
        .filter((e: { consultation: boolean }) => e.consultation)
        .map((e: { userSessionId: string }) => e.userSessionId),
    );
    expect(steps[0].count).toBe(distinct.size);
    for (let i = 1; i < 4; i++) expect(steps[i].count).toBeLessThan(steps[i - 1].count);
  });
});

describe('tenant isolation', () => {
  it("answers 404 to a Vendeur asking for another company's product, events, summary, geo or journey", async () => {
    const [p] = await products(admin, company['Maison Lumière']);
    for (const url of [
      `/api/ProductStatistics/Product/${p.produitId}`,
      `/api/ProductStatistics/Product/${p.produitId}/summary`,
      `/api/ProductStatistics/geo/Product/${p.produitId}`,
      `/api/UserJourney/Product/${p.produitId}/summary`,
      `/api/ProductStatistics/Entreprise/${company['Maison Lumière']}/summary`,
    ]) {
      const res = await t.call('GET', url, atelier);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: 404 });
    }
  });

  it('answers 404 for unknown ids, 400 for non-numeric ids and 401 without a token', async () => {
    expect((await t.call('GET', '/api/ProductStatistics/Product/999999', admin)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/UserJourney/Product/999999/summary', admin)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/ProductStatistics/Entreprise/999999/summary', admin)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/ProductStatistics/geo/Product/x1', admin)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/ProductStatistics/Product/abc', admin)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/ProductStatistics/Product/1', null)).statusCode).toBe(401);
  });

  it('routes case-insensitively, as the provider service does', async () => {
    const [p] = await products(vendeur, company['Maison Lumière']);
    expect((await t.call('GET', `/api/productstatistics/product/${p.produitId}/summary`, vendeur)).statusCode).toBe(
      200,
    );
  });
});
