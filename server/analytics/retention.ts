// The events' retention (docs/privacy.md), and the visits' signals with them (product_visits rows started
// before the oldest kept month are deleted in the same transaction): product_events is partitioned by month of its time in UTC
// (migration 0012); the months older than the retention are dropped whole, on a daily schedule, and the
// months ahead are made in advance so the DEFAULT partition (the safety net) stays empty.
// A drop fires no trigger, so the products whose events went get a new version and their answer in
// columns rebuilt here (the functions of migration 0004): every ETag, kept summary and stored answer is
// keyed by that version (./tags.ts, ./keptAnswers.ts, ./storedAnswers.ts), on every instance, so no
// dashboard is served a purged event from a cache.
import { sql } from 'drizzle-orm';

import { type Db, rowsOf } from '../db/client';

/** Partitions made this many months after the current one. */
export const MONTHS_AHEAD = 3;

/** The PostgreSQL advisory lock (a constant of this application) held by the one instance purging. */
export const RETENTION_LOCK = 7_263_510_422;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first instant (UTC) of the oldest month kept at `now`: the current month and the `months − 1` before
 * it, so no event is kept longer than `months` months.
 */
export function oldestKeptMonth(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
}

/** "YYYY-MM-DD" of a UTC date. */
const day = (d: Date) => d.toISOString().slice(0, 10);

/** Makes the partitions of the kept months and of MONTHS_AHEAD after `now`; answers how many were new. */
export async function ensureEventPartitions(db: Db, now: Date, months: number): Promise<number> {
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + MONTHS_AHEAD, 1));
  const [row] = rowsOf<{ made: number }>(
    await db.execute(
      sql`select create_product_event_partitions(${day(oldestKeptMonth(now, months))}::date, ${day(last)}::date) as made`,
    ),
  );
  return Number(row?.made ?? 0);
}

export interface PurgeResult {
  /** False when another instance held the lock (it purges for everyone). */
  ran: boolean;
  /** The monthly partitions dropped. */
  dropped: string[];
  /** The products whose events went (new version, answer rebuilt). */
  products: number[];
  /** The visits (product_visits) deleted: those started before the oldest kept month. */
  visits: number;
}

const PARTITION_NAME = /^product_events_y(\d{4})m(\d{2})$/;

/**
 * Drops the months older than the retention at `now` (and deletes any older event the DEFAULT partition
 * holds), then makes the partitions ahead; one transaction, under RETENTION_LOCK, so with several instances
 * one purges and the others skip.
 */
export async function purgeEvents(db: Db, now: Date, months: number): Promise<PurgeResult> {
  const cutoff = oldestKeptMonth(now, months);
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}::bigint) as locked`),
    );
    if (!lock?.locked) return { ran: false, dropped: [], products: [], visits: 0 };
    const partitions = rowsOf<{ name: string }>(
      await tx.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'product_events'::regclass order by c.relname`),
    );
    const old = partitions
      .map((p) => ({ name: p.name, match: PARTITION_NAME.exec(p.name) }))
      .filter((p) => p.match && Date.UTC(Number(p.match[1]), Number(p.match[2]) - 1, 1) < cutoff.getTime())
      .map((p) => p.name);
    const products = new Set<number>();
    for (const name of old) {
      const rows = rowsOf<{ p: number }>(
        await tx.execute(sql`select distinct produit_id as p from ${sql.identifier(name)}`),
      );
      for (const r of rows) products.add(Number(r.p));
      await tx.execute(sql`drop table ${sql.identifier(name)}`);
    }
    // Strays of the DEFAULT partition: a plain delete, whose statement trigger renews and rebuilds itself.
    await tx.execute(sql`delete from product_events where ts < ${cutoff.toISOString()}::timestamptz`);
    if (products.size) {
      const ids = `{${[...products].join(',')}}`;
      await tx.execute(
        sql`select renew_product_event_versions(${ids}::int[]), rebuild_product_event_columns(${ids}::int[])`,
      );
    }
    // The visits' signals (docs/viewer.md, "Visit signals") are kept as long as the events: a visit goes
    // with the month it started in.
    const visits = rowsOf<{ n: number }>(
      await tx.execute(sql`with gone as (delete from product_visits where started_at < ${cutoff.toISOString()}::timestamptz
        returning 1) select count(*)::int as n from gone`),
    );
    await ensureEventPartitions(tx, now, months);
    return {
      ran: true,
      dropped: old,
      products: [...products].sort((a, b) => a - b),
      visits: Number(visits[0]?.n ?? 0),
    };
  });
}

export interface RetentionOptions {
  months: number;
  /** The clock (tests give their own). */
  now?: () => Date;
  /** Between two runs; a day by default. */
  everyMs?: number;
  log?: (message: string) => void;
}

/**
 * Purges now, then every day (server/main.ts). Each instance runs it; the lock and the purge's idempotence
 * make the extra runs no-ops. Answers the function that stops it.
 */
export function startRetention(db: Db, options: RetentionOptions): () => void {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((m: string) => console.log(m));
  const run = () => {
    const started = Date.now();
    return purgeEvents(db, now(), options.months).then(
      (r) => {
        if (r.dropped.length || r.visits)
          log(
            `Rétention des événements : mois supprimés ${r.dropped.join(', ') || 'aucun'} (${r.products.length} produit(s), ` +
              `${r.visits} visite(s), ${((Date.now() - started) / 1000).toFixed(1)} s).`,
          );
      },
      (err: unknown) => log(`Rétention des événements : échec de la purge (${(err as Error).message}).`),
    );
  };
  void run();
  const timer = setInterval(() => void run(), options.everyMs ?? DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
