// Migrations and the demo seed once under N instances: three openDatabase calls at once, each with its own
// pool (as three processes starting together would have), on an empty PostgreSQL database made here. The
// advisory lock (server/db/client.ts, SETUP_LOCK) makes them migrate and seed one after the other: one
// migration run, one seed. Skips when no PostgreSQL answers (TEST_DATABASE_URL, else 127.0.0.1:5432).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed/index';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const journal = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const reachable = await answers(serverUrl);

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!reachable)('three instances starting together on an empty PostgreSQL', () => {
  const name = `visio3d_mig_${crypto.randomBytes(6).toString('hex')}`;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-mig-'));
  const opened: Database[] = [];
  let url: string;

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`));
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
  });
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('migrate once and seed once', { timeout: 120_000 }, async () => {
    const seeded: boolean[] = [];
    const started = await Promise.all(
      [0, 1, 2].map(() =>
        openDatabase(
          { url },
          { setup: async (db) => void seeded.push(await seedIfEmpty(db, { filesDir, scale: 'small' })) },
        ),
      ),
    );
    opened.push(...started);
    // Each ran its setup after the migrations; exactly one found the database empty.
    expect(seeded.sort()).toEqual([false, false, true]);

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const count = async (sql: string) => Number((await check.query<{ n: string }>(sql)).rows[0].n);
      // One row per migration file: each migration ran once.
      expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(journal.entries.length);
      // The demo companies and accounts of one seed: a second one would have doubled them.
      const companies = await count('select count(*) as n from entreprises');
      expect(companies).toBeGreaterThan(1);
      expect(await count('select count(distinct nom_entreprise) as n from entreprises')).toBe(companies);
      expect(await count("select count(*) as n from users where mail = 'admin@demo.fr'")).toBe(1);
    } finally {
      await check.end();
    }
    // And every instance reads the same database.
    for (const database of started) {
      const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from entreprises`));
      expect(rows[0].n).toBeGreaterThan(1);
    }
  });
});
