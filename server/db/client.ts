// Opens the database: PGlite (in memory or in a data directory) by default, PostgreSQL when a URL is given.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { lockDataDir } from './lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute`: both drivers (node-postgres, PGlite) answer `{rows}`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * `memory` may start from a dump of a data directory (PGlite's `dumpDataDir`): the test helpers start each
 * test file's database from one already migrated (tests/helpers/dbTemplate.ts) instead of migrating it again.
 */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The PostgreSQL advisory lock (a constant of this application) held while one instance migrates and seeds:
 * N instances starting together on one empty database then migrate and seed once, one after the other.
 */
export const SETUP_LOCK = 7_263_510_421;

export interface OpenOptions {
  /** Run after the migrations, under the same lock (the demo seed on an empty database: server/main.ts). */
  setup?: (db: Db) => Promise<void>;
}

/** Opens and migrates the database, then runs `setup`; on PostgreSQL both under SETUP_LOCK. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if ('url' in target) {
    // A stopped database must not hang requests nor crash the process: connecting gives up after 5 s
    // (the request answers 503), and an idle client's error is logged, the pool then reconnecting by itself.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', (err) =>
      console.warn(
        `PostgreSQL : connexion perdue (${(err as NodeJS.ErrnoException).code ?? err.message}), reconnexion à la prochaine requête.`,
      ),
    );
    const db = drizzlePg(pool, { schema });
    try {
      // A session lock on a connection of its own: released when unlocked, or when the process dies.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
        await migratePg(db, { migrationsFolder });
        await options.setup?.(db);
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => {});
        holder.release();
      }
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let release = () => {};
  let client: PGlite;
  if ('dataDir' in target) {
    release = lockDataDir(target.dataDir);
    client = new PGlite(path.join(target.dataDir, 'pglite'));
  } else {
    client = new PGlite(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  }
  try {
    const db = drizzlePglite(client, { schema });
    // One process per data directory (lockDataDir): nothing to share a lock with.
    await migratePglite(db, { migrationsFolder });
    await options.setup?.(db);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
}
