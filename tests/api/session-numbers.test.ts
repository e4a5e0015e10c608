// Company-wide session and country numbers (analytics_sessions, analytics_countries, numbered by a trigger
// of the database for every writer): what the columns answer sends in place of the strings.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rowsOf } from '../../server/db/client';
import { analyticsSessions, groupeModels, productEvents } from '../../server/db/schema';
import { event, newCompany as companyOf } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
});
afterAll(() => t.close());

async function numbering(entrepriseId: number): Promise<Map<string, number>> {
  const rows = await t.database.db
    .select()
    .from(analyticsSessions)
    .where(eq(analyticsSessions.entrepriseId, entrepriseId));
  return new Map(rows.map((r) => [r.userSessionId, r.sessionNo]));
}

const newCompany = (name: string, products: number) => companyOf(t, name, products);

const columns = async (productId: number) =>
  (await t.call('GET', `/api/ProductStatistics/Product/${productId}?format=columns`, admin)).json();

describe('session numbers', () => {
  it('number each company from 0 in order of first appearance, one number per session across its products', async () => {
    const a = await newCompany('Numéros A', 2);
    const b = await newCompany('Numéros B', 1);
    await t.database.db
      .insert(productEvents)
      .values([
        event(a.productIds[0], 'alpha', 1),
        event(a.productIds[0], 'beta', 2),
        event(a.productIds[1], 'beta', 3),
        event(a.productIds[1], 'gamma', 4),
      ]);
    // The same string in another company: that company's own numbering, from 0.
    await t.database.db.insert(productEvents).values([event(b.productIds[0], 'gamma', 5)]);
    expect(Object.fromEntries(await numbering(a.entrepriseId))).toEqual({ alpha: 0, beta: 1, gamma: 2 });
    expect(Object.fromEntries(await numbering(b.entrepriseId))).toEqual({ gamma: 0 });

    const first = await columns(a.productIds[0]);
    const second = await columns(a.productIds[1]);
    expect(first.session).toEqual([0, 1]);
    expect(second.session).toEqual([1, 2]);
    expect((await columns(b.productIds[0])).session).toEqual([0]);
    // A later event of a known session keeps its number; a new session takes the next one.
    await t.database.db
      .insert(productEvents)
      .values([event(a.productIds[1], 'alpha', 6), event(a.productIds[1], 'delta', 7)]);
    expect((await columns(a.productIds[1])).session).toEqual([1, 2, 0, 3]);
  });

  it("number an empty session id as 'unknown', as the dashboard reads it", async () => {
    const c = await newCompany('Numéros C', 1);
    await t.database.db
      .insert(productEvents)
      .values([event(c.productIds[0], '', 1), event(c.productIds[0], 'unknown', 2), event(c.productIds[0], 'x', 3)]);
    expect((await columns(c.productIds[0])).session).toEqual([0, 0, 1]);
  });

  it('follow an event whose session id is changed', async () => {
    const d = await newCompany('Numéros D', 1);
    const [row] = await t.database.db
      .insert(productEvents)
      .values(event(d.productIds[0], 'avant', 1))
      .returning();
    expect(row.sessionNo).toBe(0);
    const [moved] = await t.database.db
      .update(productEvents)
      .set({ userSessionId: 'après' })
      .where(eq(productEvents.id, row.id))
      .returning();
    expect(moved.sessionNo).toBe(1);
  });

  it('stay one number per session when many writers insert new sessions at once', async () => {
    const e = await newCompany('Numéros E', 4);
    // Separate statements, in parallel: separate connections (and transactions) on PostgreSQL.
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.database.db.insert(productEvents).values(event(e.productIds[i % 4], `s${i % 6}`, i)),
      ),
    );
    const numbers = await numbering(e.entrepriseId);
    expect(numbers.size).toBe(6);
    expect([...numbers.values()].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5]);
    const rows = await t.database.db
      .select({ s: productEvents.userSessionId, n: productEvents.sessionNo })
      .from(productEvents)
      .innerJoin(groupeModels, eq(groupeModels.idGroupeModel, productEvents.produitId))
      .where(eq(groupeModels.entrepriseId, e.entrepriseId));
    for (const r of rows) expect(r.n).toBe(numbers.get(r.s));
  });

  it('cover every seeded event: the demo companies are numbered densely from 0', async () => {
    const rows = rowsOf<{ sessions: number; wrong: number; size: number }>(
      await t.database.db.execute(sql`
      select g.entreprise_id, count(distinct coalesce(nullif(e.user_session_id, ''), 'unknown'))::int as sessions,
             count(*) filter (where s.session_no is distinct from e.session_no)::int as wrong,
             (select max(session_no) + 1 from analytics_sessions a where a.entreprise_id = g.entreprise_id)::int as size
      from product_events e join groupe_models g on g.id_groupe_model = e.produit_id
      join entreprises c on c.entreprise_id = g.entreprise_id and c.nom_entreprise not like 'Numéros %'
      left join analytics_sessions s on s.entreprise_id = g.entreprise_id and s.user_session_id = coalesce(nullif(e.user_session_id, ''), 'unknown')
      group by g.entreprise_id`),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.wrong).toBe(0);
      expect(r.size).toBe(r.sessions);
    }
  });
});

describe('country numbers', () => {
  it("number each company's countries from 0, a missing country and '' as one, and send the company's dictionary", async () => {
    const a = await newCompany('Pays A', 2);
    const b = await newCompany('Pays B', 1);
    await t.database.db
      .insert(productEvents)
      .values([
        event(a.productIds[0], 's', 1, 'FR'),
        event(a.productIds[0], 's', 2, null),
        event(a.productIds[1], 's', 3, 'DE'),
        event(a.productIds[1], 's', 4, ''),
      ]);
    await t.database.db.insert(productEvents).values([event(b.productIds[0], 's', 5, 'DE')]);
    const first = await columns(a.productIds[0]);
    const second = await columns(a.productIds[1]);
    expect(first.countries).toEqual(['FR', '', 'DE']);
    expect(first.country).toEqual([0, 1]);
    expect(second.countries).toEqual(first.countries);
    expect(second.country).toEqual([2, 1]);
    // Another company: its own numbers and dictionary only.
    const other = await columns(b.productIds[0]);
    expect(other.countries).toEqual(['DE']);
    expect(other.country).toEqual([0]);
  });

  it('follow an event whose country is changed, and keep the time and flags of the event', async () => {
    const c = await newCompany('Pays C', 1);
    const [row] = await t.database.db
      .insert(productEvents)
      .values(event(c.productIds[0], 's', 1, 'IT'))
      .returning();
    expect(row.countryNo).toBe(0);
    const [moved] = await t.database.db
      .update(productEvents)
      .set({ country: 'ES', conversion: true })
      .where(eq(productEvents.id, row.id))
      .returning();
    expect(moved.countryNo).toBe(1);
    expect(moved.flags).toBe(1 | 8);
    expect(moved.tsMs).toBe(Date.UTC(2026, 0, 1, 10, 1));
    const answer = await columns(c.productIds[0]);
    expect(answer).toEqual({
      time: [Date.UTC(2026, 0, 1, 10, 1)],
      session: [0],
      flags: [9],
      country: [1],
      countries: ['IT', 'ES'],
    });
  });

  it('cover every seeded event: the demo companies are numbered densely from 0', async () => {
    const rows = rowsOf<{ countries: number; wrong: number; size: number }>(
      await t.database.db.execute(sql`
      select g.entreprise_id, count(distinct coalesce(e.country, ''))::int as countries,
             count(*) filter (where k.country_no is distinct from e.country_no)::int as wrong,
             (select max(country_no) + 1 from analytics_countries a where a.entreprise_id = g.entreprise_id)::int as size
      from product_events e join groupe_models g on g.id_groupe_model = e.produit_id
      join entreprises c on c.entreprise_id = g.entreprise_id and c.nom_entreprise not like 'Numéros %' and c.nom_entreprise not like 'Pays %'
      left join analytics_countries k on k.entreprise_id = g.entreprise_id and k.country = coalesce(e.country, '')
      group by g.entreprise_id`),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.wrong).toBe(0);
      expect(r.size).toBe(r.countries);
    }
  });
});
