// Summaries are kept per version of a product's events: they must follow every change of the events, and
// on PGlite a light request must not wait behind a burst of dashboard summaries.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertCompany } from '../../bench/synthetic';
import { rowsOf } from '../../server/db/client';
import { productEvents } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
let companyId: number;
let productIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
  const companies = (await t.call('GET', '/api/Entreprise', admin)).json().$values as Array<{
    entrepriseId: number;
    nomEntreprise: string;
  }>;
  companyId = companies.find((c) => c.nomEntreprise === 'Maison Lumière')!.entrepriseId;
  productIds = (await t.call('GET', `/api/Produit/Entreprise/${companyId}`, admin))
    .json()
    .$values.map((p: { produitId: number }) => p.produitId);
}, 300_000);
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.call('GET', url, admin);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

/** What the four routes answer now for this product and the company. */
const answers = async (productId: number) => ({
  product: await get(`/api/ProductStatistics/Product/${productId}/summary`),
  company: await get(`/api/ProductStatistics/Entreprise/${companyId}/summary`),
  geo: await get(`/api/ProductStatistics/geo/Product/${productId}`),
  journey: await get(`/api/UserJourney/Product/${productId}/summary`),
});

/** The same figures counted directly in the database. */
async function counted(productId: number) {
  const db = t.database.db;
  const one = async (where: ReturnType<typeof sql>) => {
    const result = {
      rows: rowsOf<Record<string, number>>(
        await db.execute(sql`
      select count(*)::int as "totalEvents", count(*) filter (where consultation)::int as "totalConsultations",
        count(*) filter (where iframe_interaction)::int as "totalIframes", count(*) filter (where ar_try)::int as "totalARTries",
        count(*) filter (where conversion)::int as "totalConversions"
      from product_events where ${where}`),
      ),
    };
    return result.rows[0];
  };
  return {
    product: await one(sql`produit_id = ${productId}`),
    company: await one(
      sql`produit_id in (select id_groupe_model from groupe_models where entreprise_id = ${companyId})`,
    ),
  };
}

describe('summaries kept per events version', () => {
  it('follow every insert, update and delete of the events', async () => {
    const id = productIds[0];
    const before = await answers(id);
    expect({ product: before.product, company: before.company }).toEqual(await counted(id));
    expect(await answers(id)).toEqual(before); // served again, unchanged

    await t.database.db.insert(productEvents).values([
      {
        produitId: id,
        timestamp: new Date(),
        userSessionId: 'kept-1',
        consultation: true,
        conversion: true,
        country: 'Islande',
      },
      { produitId: id, timestamp: new Date(), userSessionId: 'kept-1', arTry: true, country: 'Islande' },
    ]);
    const inserted = await answers(id);
    expect(inserted.product.totalEvents).toBe(before.product.totalEvents + 2);
    expect(inserted.company.totalConversions).toBe(before.company.totalConversions + 1);
    expect(inserted.geo.byCountry).toContainEqual({ country: 'Islande', count: 2 });
    const conv = (j: { $values: Array<{ stepName: string; count: number }> }) => j.$values.map((s) => s.count);
    expect(conv(inserted.journey)).not.toEqual(conv(before.journey));
    expect({ product: inserted.product, company: inserted.company }).toEqual(await counted(id));

    await t.database.db
      .update(productEvents)
      .set({ conversion: false })
      .where(eq(productEvents.userSessionId, 'kept-1'));
    const updated = await answers(id);
    expect(updated.product.totalConversions).toBe(before.product.totalConversions);
    expect({ product: updated.product, company: updated.company }).toEqual(await counted(id));

    await t.database.db.delete(productEvents).where(eq(productEvents.userSessionId, 'kept-1'));
    expect(await answers(id)).toEqual(before);
  });

  it('give every concurrent caller the same totals, counted once', async () => {
    const id = productIds[1];
    await t.database.db
      .insert(productEvents)
      .values({ produitId: id, timestamp: new Date(), userSessionId: 'kept-2', iframeInteraction: true });
    const all = await Promise.all(
      Array.from({ length: 10 }, () => t.call('GET', `/api/ProductStatistics/Entreprise/${companyId}/summary`, admin)),
    );
    const bodies = all.map((r) => r.json());
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toEqual((await counted(id)).company);
  });
});

// On a PostgreSQL server queries run in its processes, not in ours: the lane is PGlite's.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('a light request during a burst of summaries (PGlite)', () => {
  it('is answered before the burst of company summaries is, not behind it', async () => {
    // A company of 40 products x 1,000 events: each of its summaries takes PGlite a while.
    const big = await insertCompany(t.database.db, { products: 40, events: 1000 });
    const finished: string[] = [];
    const burst = Array.from({ length: 10 }, () =>
      t.call('GET', `/api/ProductStatistics/Entreprise/${big.entrepriseId}/summary`, admin).then((r) => {
        expect(r.statusCode).toBe(200);
        finished.push('summary');
      }),
    );
    // The light request comes once the summaries' queries are queued, as on a busy server.
    await new Promise((r) => setTimeout(r, 30));
    const light = await t.call('GET', '/api/User/current', admin);
    finished.push('light');
    expect(light.statusCode).toBe(200);
    await Promise.all(burst);
    // Before the lane, it waited behind the ten summaries' queries and came last.
    expect(finished.indexOf('light'), finished.join(' ')).toBe(0);
  }, 300_000); // 40,000 events to write first: slow on a busy machine
});
