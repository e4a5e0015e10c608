// What the database keeps per product, renewed by its statement triggers whoever writes the events: the
// version (product_event_versions), so the events route's ETag changes whenever any of the product's events
// is added, changed or removed, and only then; and the answer in columns (product_event_columns), appended
// to or rebuilt so it always holds the product's events as they are.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rowsOf } from '../../server/db/client';
import { groupeModels, productEventColumns, productEvents, productEventVersions } from '../../server/db/schema';
import { event, newCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
});
afterAll(() => t.close());

const url = (productId: number) => `/api/ProductStatistics/Product/${productId}?format=columns`;

async function tagOf(productId: number): Promise<string> {
  const res = await t.call('GET', url(productId), admin);
  expect(res.statusCode).toBe(200);
  return String(res.headers.etag);
}

async function revalidate(productId: number, tag: string): Promise<number> {
  return (
    await t.app.inject({
      method: 'GET',
      url: url(productId),
      headers: { authorization: `Bearer ${admin}`, 'if-none-match': tag },
    })
  ).statusCode;
}

describe('event versions', () => {
  it('change the tag on every insert, update and delete of the product, and not for another product', async () => {
    const c = await newCompany(t, 'Versions A', 2);
    const [p, q] = c.productIds;
    const empty = await tagOf(p);
    expect((await t.call('GET', url(p), admin)).json().time).toEqual([]);

    const [row] = await t.database.db
      .insert(productEvents)
      .values(event(p, 's1', 1, 'FR'))
      .returning();
    const inserted = await tagOf(p);
    expect(inserted).not.toBe(empty);
    expect(await revalidate(p, inserted)).toBe(304);
    const other = await tagOf(q);

    await t.database.db.update(productEvents).set({ conversion: true }).where(eq(productEvents.id, row.id));
    const updated = await tagOf(p);
    expect(updated).not.toBe(inserted);
    expect(await revalidate(p, inserted)).toBe(200);
    expect((await t.call('GET', url(p), admin)).json().flags).toEqual([1 | 8]);

    await t.database.db.delete(productEvents).where(eq(productEvents.id, row.id));
    const deleted = await tagOf(p);
    expect(new Set([empty, inserted, updated, deleted]).size).toBe(4);
    expect((await t.call('GET', url(p), admin)).json().time).toEqual([]);
    // Nothing of q changed.
    expect(await revalidate(q, other)).toBe(304);
  });

  it('change both products when an event moves from one to the other', async () => {
    const c = await newCompany(t, 'Versions B', 2);
    const [p, q] = c.productIds;
    const [row] = await t.database.db
      .insert(productEvents)
      .values(event(p, 's1', 1))
      .returning();
    const before = [await tagOf(p), await tagOf(q)];
    await t.database.db.update(productEvents).set({ produitId: q }).where(eq(productEvents.id, row.id));
    expect(await revalidate(p, before[0])).toBe(200);
    expect(await revalidate(q, before[1])).toBe(200);
  });

  it('let a product with events be deleted, its version going with it', async () => {
    const c = await newCompany(t, 'Versions C', 1);
    const [p] = c.productIds;
    await t.database.db.insert(productEvents).values([event(p, 's1', 1), event(p, 's2', 2)]);
    expect(
      await t.database.db.select().from(productEventVersions).where(eq(productEventVersions.produitId, p)),
    ).toHaveLength(1);
    await t.database.db.delete(groupeModels).where(eq(groupeModels.idGroupeModel, p));
    expect(
      await t.database.db.select().from(productEventVersions).where(eq(productEventVersions.produitId, p)),
    ).toHaveLength(0);
    expect((await t.call('GET', url(p), admin)).statusCode).toBe(404);
  });

  it('give every product with events a version (the seed, the migration) and renew them all on a truncate', async () => {
    const rows = rowsOf<{ missing: number }>(
      await t.database.db.execute(sql`
      select count(*)::int as missing from (select distinct produit_id from product_events) e
      where not exists (select 1 from product_event_versions v where v.produit_id = e.produit_id)`),
    );
    expect(rows[0].missing).toBe(0);
    // A throw-away company in a transaction rolled back: the truncate must not touch the other tests' data.
    const before = await t.database.db.select().from(productEventVersions);
    expect(before.length).toBeGreaterThan(0);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate product_events`);
        const after = await tx.select().from(productEventVersions);
        const old = new Map(before.map((v) => [v.produitId, v.version]));
        for (const v of after) expect(v.version).not.toBe(old.get(v.produitId));
        tx.rollback();
      })
      .catch((err) => {
        if (!String(err).includes('Rollback')) throw err;
      });
    expect(await t.database.db.select().from(productEventVersions)).toEqual(expect.arrayContaining(before));
  });
});

/** The product's events as the columns answer gives them, one canonical string each, sorted. */
async function answered(productId: number): Promise<string[]> {
  const c = (await t.call('GET', url(productId), admin)).json();
  return c.time
    .map((time: number, i: number) => `${time} ${c.session[i]} ${c.flags[i]} ${c.countries[c.country[i]]}`)
    .sort();
}

/** The same, read from the events table. */
async function stored(productId: number): Promise<string[]> {
  const rows = rowsOf<{ ts_ms: string | number; session_no: number; flags: number; country: string }>(
    await t.database.db.execute(sql`
    select e.ts_ms, e.session_no, e.flags, k.country from product_events e
    join groupe_models g on g.id_groupe_model = e.produit_id
    join analytics_countries k on k.entreprise_id = g.entreprise_id and k.country_no = e.country_no
    where e.produit_id = ${productId}`),
  );
  return rows.map((r) => `${Number(r.ts_ms)} ${r.session_no} ${r.flags} ${r.country}`).sort();
}

describe('kept answers', () => {
  it('hold every event after inserts in any time order, updates and deletes', async () => {
    const c = await newCompany(t, 'Réponses A', 2);
    const [p, q] = c.productIds;
    await t.database.db
      .insert(productEvents)
      .values([event(p, 'a', 30, 'FR'), event(p, 'b', 10, null), event(q, 'a', 20, 'DE')]);
    // A later statement with an earlier event: appended, still all there.
    const [early] = await t.database.db
      .insert(productEvents)
      .values(event(p, 'c', 5, 'IT'))
      .returning();
    expect(await answered(p)).toHaveLength(3);
    expect(await answered(p)).toEqual(await stored(p));
    await t.database.db.update(productEvents).set({ country: 'ES', arTry: true }).where(eq(productEvents.id, early.id));
    expect(await answered(p)).toEqual(await stored(p));
    // Moved to the other product: both rebuilt.
    await t.database.db.update(productEvents).set({ produitId: q }).where(eq(productEvents.id, early.id));
    expect(await answered(p)).toEqual(await stored(p));
    expect(await answered(q)).toEqual(await stored(q));
    expect(await answered(q)).toHaveLength(2);
    await t.database.db.delete(productEvents).where(eq(productEvents.produitId, p));
    expect(await answered(p)).toEqual([]);
    expect((await t.call('GET', url(p), admin)).json()).toEqual({
      time: [],
      session: [],
      flags: [],
      country: [],
      countries: [],
    });
    await t.database.db.insert(productEvents).values(event(p, 'd', 1, 'FR'));
    expect(await answered(p)).toEqual(await stored(p));
  });

  it('append to the last chunk while it stays under 1,000 events, else start a new one', async () => {
    const c = await newCompany(t, 'Réponses C', 1);
    const [p] = c.productIds;
    const batch = (from: number) =>
      Array.from({ length: 600 }, (_, i) => event(p, `s${(from + i) % 50}`, (from + i) % 60, i % 7 ? 'FR' : 'BE'));
    const chunks = async () =>
      (
        await t.database.db
          .select({ events: productEventColumns.events })
          .from(productEventColumns)
          .where(eq(productEventColumns.produitId, p))
          .orderBy(productEventColumns.chunkId)
      ).map((r) => r.events);
    await t.database.db.insert(productEvents).values(batch(0));
    await t.database.db.insert(productEvents).values(batch(600));
    expect(await chunks()).toEqual([600, 600]);
    await t.database.db.insert(productEvents).values(event(p, 'x', 1));
    await t.database.db.insert(productEvents).values(event(p, 'y', 2, 'DE'));
    expect(await chunks()).toEqual([600, 602]);
    expect(await answered(p)).toHaveLength(1202);
    expect(await answered(p)).toEqual(await stored(p));
    // A removal rebuilds the product in one chunk.
    await t.database.db
      .delete(productEvents)
      .where(and(eq(productEvents.produitId, p), eq(productEvents.userSessionId, 'x')));
    expect(await chunks()).toEqual([1201]);
    expect(await answered(p)).toEqual(await stored(p));
  });

  it('keep every event when many writers add to the same products at once', async () => {
    const c = await newCompany(t, 'Réponses B', 2);
    // Separate statements, in parallel: separate connections (and transactions) on PostgreSQL.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.database.db.insert(productEvents).values(event(c.productIds[i % 2], `s${i}`, i, i % 3 ? 'FR' : null)),
      ),
    );
    for (const p of c.productIds) {
      expect(await answered(p)).toHaveLength(15);
      expect(await answered(p)).toEqual(await stored(p));
    }
  });

  it('match the events of every seeded product', async () => {
    const rows = rowsOf<{ produit_id: number; n: number; kept: number }>(
      await t.database.db.execute(sql`
      select e.produit_id, count(*)::int as n,
             (select coalesce(sum(array_length(string_to_array(c.time, ','), 1)), 0)::int from product_event_columns c where c.produit_id = e.produit_id) as kept
      from product_events e group by e.produit_id`),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.kept).toBe(r.n);
    const one = rows[0].produit_id;
    expect(await answered(one)).toEqual(await stored(one));
  });
});
