// The events' retention (server/analytics/retention.ts, migration 0012, docs/privacy.md), on PGlite or on
// PostgreSQL (TEST_DATABASE_URL): the migration to a partitioned table keeps every event and its numbers;
// an event of any month is written (a month without its partition goes to the DEFAULT one, moved into its
// own when that is made); the purge drops the months older than the retention only, renews the products'
// versions (so the events answer and its ETag change), and runs once with two instances.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { oldestKeptMonth, purgeEvents } from '../../server/analytics/retention';
import { type Db, openDatabase, rowsOf } from '../../server/db/client';
import { productEvents } from '../../server/db/schema';
import { newCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';

const migrations = path.resolve(__dirname, '../../server/db/migrations');
const query = async <T>(db: Db, text: string) => rowsOf<T>(await db.execute(sql.raw(text)));
const partitionOf = (db: Db, id: number) =>
  query<{ part: string }>(db, `select tableoid::regclass::text as part from product_events where id = ${id}`).then(
    (r) => r[0]?.part,
  );

describe('migration 0012', () => {
  it('keeps every event, its id, numbers and answers, and the id sequence goes on', async () => {
    // The migrations before it only: a copy of the folder with the journal cut before the partitions'.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-migrations-'));
    fs.cpSync(migrations, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
      entries: Array<{ idx: number; tag: string }>;
    };
    const cut = journal.entries.find((e) => e.tag.endsWith('_events_partitions'))!.idx;
    journal.entries = journal.entries.filter((e) => e.idx < cut);
    fs.writeFileSync(journalFile, JSON.stringify(journal));

    const url = process.env.TEST_DATABASE_URL;
    let db: Db;
    let migrateAll: (folder: string) => Promise<void>;
    let close: () => Promise<void>;
    if (url) {
      const name = `t_mig_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: target.toString() });
      // Its clients are cut when the database is dropped at the end (with force).
      pool.on('error', () => {});
      const d = drizzlePg(pool);
      db = d as unknown as Db;
      migrateAll = (folder) => migratePg(d, { migrationsFolder: folder });
      close = async () => {
        await pool.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    } else {
      const client = new PGlite();
      const d = drizzlePglite(client);
      db = d as unknown as Db;
      migrateAll = (folder) => migratePglite(d, { migrationsFolder: folder });
      close = () => client.close();
    }
    try {
      await migrateAll(before);
      await query(db, `insert into entreprises (nom_entreprise) values ('Avant')`);
      const [{ p }] = await query<{ p: number }>(
        db,
        `insert into groupe_models (entreprise_id, nom_groupe_model) select max(entreprise_id), 'P' from entreprises returning id_groupe_model as p`,
      );
      await query(
        db,
        `insert into product_events (produit_id, ts, user_session_id, consultation, ar_try, country) values
         (${p}, '2025-03-31T23:59:59.999Z', 'a', true, false, 'FR'), (${p}, '2025-04-01T00:00:00Z', 'b', true, true, null),
         (${p}, '2026-11-15T12:00:00Z', 'a', false, false, 'DE')`,
      );
      const rowsText = `select id, produit_id, ts, user_session_id, session_no, country_no, ts_ms, flags from product_events order by id`;
      const events = await query(db, rowsText);
      const answers = await query(db, `select * from product_event_columns order by chunk_id`);
      const versions = await query(db, `select * from product_event_versions`);

      await migrateAll(migrations);
      expect(await query(db, rowsText)).toEqual(events);
      expect(await query(db, `select * from product_event_columns order by chunk_id`)).toEqual(answers);
      expect(await query(db, `select * from product_event_versions`)).toEqual(versions);
      const ids = events.map((e) => Number((e as { id: number }).id));
      expect(await Promise.all(ids.map((id) => partitionOf(db, id)))).toEqual([
        'product_events_y2025m03',
        'product_events_y2025m04',
        'product_events_y2026m11',
      ]);
      // The triggers still number and keep answers; the sequence goes on after the copied ids.
      const [added] = await query<{ id: number; session_no: number }>(
        db,
        `insert into product_events (produit_id, ts, user_session_id) values (${p}, '2026-11-16T00:00:00Z', 'c') returning id, session_no`,
      );
      expect(Number(added.id)).toBe(Math.max(...ids) + 1);
      expect(added.session_no).toBe(2);
      const [chunk] = await query<{ events: number }>(
        db,
        `select sum(events)::int as events from product_event_columns`,
      );
      expect(chunk.events).toBe(4);
    } finally {
      await close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});

describe('retention', () => {
  let t: TestApp;
  let admin: string;
  const now = new Date();
  const months = 25;
  const cutoff = oldestKeptMonth(now, months);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@demo.fr');
  });
  afterAll(() => t.close());

  const columns = (productId: number) => `/api/ProductStatistics/Product/${productId}?format=columns`;

  it('writes events of any month: across a boundary, and into a month without its partition', async () => {
    const c = await newCompany(t, 'Rétention A', 1);
    const [p] = c.productIds;
    const at = (iso: string) => ({ produitId: p, userSessionId: 's', timestamp: new Date(iso), consultation: true });
    // 2031: no partition yet (the seed and the app make them up to a few months ahead).
    const rows = await t.database.db
      .insert(productEvents)
      .values([at('2031-05-31T23:59:59.999Z'), at('2031-06-01T00:00:00.000Z')])
      .returning({ id: productEvents.id });
    expect(await partitionOf(t.database.db, rows[0].id)).toBe('product_events_default');
    const before = await t.call('GET', columns(p), admin);
    expect(before.json().time).toEqual([Date.UTC(2031, 4, 31, 23, 59, 59, 999), Date.UTC(2031, 5, 1)]);

    // Making the months moves their events out of the DEFAULT partition, the same events (same answer, tag).
    await query(t.database.db, `select create_product_event_partitions('2031-05-01', '2031-06-01')`);
    expect(await partitionOf(t.database.db, rows[0].id)).toBe('product_events_y2031m05');
    expect(await partitionOf(t.database.db, rows[1].id)).toBe('product_events_y2031m06');
    const after = await t.call('GET', columns(p), admin);
    expect(after.json()).toEqual(before.json());
    expect(after.headers.etag).toBe(before.headers.etag);

    // And a month that has its partition takes the next events straight away.
    const [next] = await t.database.db
      .insert(productEvents)
      .values(at('2031-05-02T08:00:00Z'))
      .returning({ id: productEvents.id });
    expect(await partitionOf(t.database.db, next.id)).toBe('product_events_y2031m05');
  });

  it('drops the months older than the retention only, and the answers and their ETags change', async () => {
    const db = t.database.db;
    const count = async (where: string) =>
      (await query<{ n: number }>(db, `select count(*)::int as n from product_events where ${where}`))[0].n;
    const oldCount = await count(`ts < '${cutoff.toISOString()}'`);
    const keptCount = await count(`ts >= '${cutoff.toISOString()}'`);
    expect(oldCount).toBeGreaterThan(0); // the seed's events start in January 2024
    // A stray of the DEFAULT partition older than the retention (a month without its partition) goes too.
    const c = await newCompany(t, 'Rétention B', 1);
    const [stray] = await db
      .insert(productEvents)
      .values({ produitId: c.productIds[0], userSessionId: 's', timestamp: new Date('2023-06-10T00:00:00Z') })
      .returning({ id: productEvents.id });
    expect(await partitionOf(db, stray.id)).toBe('product_events_default');

    const { token, productIds, companyId } = await (async () => {
      const token = await t.login('directeur@demo.fr');
      const companyId: number = (await t.call('GET', '/api/User/current', token)).json().entrepriseId;
      const list = (await t.call('GET', `/api/Produit/Entreprise/${companyId}`, token)).json();
      return { token, companyId, productIds: list.$values.map((x: { produitId: number }) => x.produitId) as number[] };
    })();
    const versionsBefore = await t.call('GET', `/api/ProductStatistics/Entreprise/${companyId}/versions`, token);
    const p = productIds[0];
    const before = await t.call('GET', columns(p), token);
    expect(Math.min(...(before.json().time as number[]))).toBeLessThan(cutoff.getTime());

    const result = await purgeEvents(db, now, months);
    expect(result.ran).toBe(true);
    const expected: string[] = [];
    for (
      let m = new Date(Date.UTC(2024, 0, 1));
      m < cutoff;
      m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
    )
      expected.push(`product_events_y${m.getUTCFullYear()}m${String(m.getUTCMonth() + 1).padStart(2, '0')}`);
    expect(result.dropped).toEqual(expected);
    expect(result.products).toContain(p);
    expect(await partitionOf(db, stray.id)).toBeUndefined();

    expect(await count(`ts < '${cutoff.toISOString()}'`)).toBe(0);
    expect(await count(`ts >= '${cutoff.toISOString()}'`)).toBe(keptCount);

    const after = await t.call('GET', columns(p), token);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const times = after.json().time as number[];
    expect(times.length).toBeGreaterThan(0);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(cutoff.getTime());
    expect(times).toEqual((before.json().time as number[]).filter((x) => x >= cutoff.getTime()));
    // A client holding the old tag gets the new answer, not 304.
    const revalidated = await t.app.inject({
      method: 'GET',
      url: columns(p),
      headers: { authorization: `Bearer ${token}`, 'if-none-match': String(before.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    // The list answer agrees.
    const list = (await t.call('GET', `/api/ProductStatistics/Product/${p}`, token)).json().$values as Array<{
      timestamp: string;
    }>;
    expect(list).toHaveLength(times.length);
    expect(list.every((e) => Date.parse(e.timestamp) >= cutoff.getTime())).toBe(true);

    // The company's versions answer names the new tags, under a new tag of its own.
    const versionsAfter = await t.call('GET', `/api/ProductStatistics/Entreprise/${companyId}/versions`, token);
    expect(versionsAfter.headers.etag).not.toBe(versionsBefore.headers.etag);
    const listed = versionsAfter.json<{ products: Array<{ productId: number; columnsEtag: string }> }>().products;
    expect(listed.find((x) => x.productId === p)?.columnsEtag).toBe(after.headers.etag);

    // A second run finds nothing more to drop.
    expect((await purgeEvents(db, now, months)).dropped).toEqual([]);
  });

  it('tells the dashboard the oldest month kept', async () => {
    const res = await t.call('GET', '/api/ProductStatistics/Retention', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ months: 25, oldestMonth: cutoff.toISOString().slice(0, 7) });
    const vendeur = await t.login('vendeur@demo.fr');
    expect((await t.call('GET', '/api/ProductStatistics/Retention', vendeur)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/ProductStatistics/Retention', null)).statusCode).toBe(401);
  });

  it('runs once with two instances of one database', async () => {
    const db = t.database.db;
    // Events of a month that has become older than the retention a year on.
    const later = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), 15));
    const goes = oldestKeptMonth(later, months);
    const before = (
      await query<{ n: number }>(db, `select count(*)::int as n from product_events where ts < '${goes.toISOString()}'`)
    )[0].n;
    expect(before).toBeGreaterThan(0);

    const url = process.env.TEST_DATABASE_URL;
    let second: { db: Db; close(): Promise<void> };
    if (url) {
      const [{ name }] = await query<{ name: string }>(db, `select current_database() as name`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      second = await openDatabase({ url: target.toString() });
    } else {
      // PGlite serves one process: the second instance is a second caller of the same database.
      second = { db, close: async () => {} };
    }
    try {
      const runs = await Promise.all([purgeEvents(db, later, months), purgeEvents(second.db, later, months)]);
      const dropped = runs.flatMap((r) => r.dropped);
      expect(new Set(dropped).size).toBe(dropped.length); // no month dropped twice
      expect(runs.filter((r) => r.dropped.length > 0)).toHaveLength(1);
      expect(dropped.length).toBe(12);
      const left = (
        await query<{ n: number }>(
          db,
          `select count(*)::int as n from product_events where ts < '${goes.toISOString()}'`,
        )
      )[0].n;
      expect(left).toBe(0);
    } finally {
      await second.close();
    }
  });
});
