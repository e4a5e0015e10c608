// One tick at a time across every instance of one PostgreSQL database: a session advisory lock taken with
// pg_try_advisory_lock on a connection of its own (the pattern of SETUP_LOCK, server/db/client.ts). An
// instance that does not get it skips this minute; the lock goes with the connection if the process dies.
// On PGlite one process owns the data directory (server/db/lock.ts): nothing to share.
import pg from 'pg';

import type { Db } from '../db/client';

/** The notifications' advisory lock key (a constant of this application, beside SETUP_LOCK). */
export const NOTIFICATIONS_LOCK = 7_263_510_422;

/** Runs `job` under the lock; null when another instance holds it. */
export async function underTickLock<T>(db: Db, job: () => Promise<T>): Promise<T | null> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return job();
  const holder = await client.connect();
  try {
    const { rows } = await holder.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      NOTIFICATIONS_LOCK,
    ]);
    if (!rows[0].locked) return null;
    try {
      return await job();
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [NOTIFICATIONS_LOCK]).catch(() => {});
    }
  } finally {
    holder.release();
  }
}
