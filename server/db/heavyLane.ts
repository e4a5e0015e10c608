// PGlite runs every query in the server's own thread, one at a time, in arrival order: twenty dashboard
// summaries queued at once held a one-row query (the guard's, on every request) behind all of them for
// seconds. Heavy analytics queries go through this lane instead: on PGlite one at a time, each started
// only after the event loop had a turn, so a light query that arrived meanwhile is queued first and waits
// for at most the one heavy query running. A PostgreSQL server runs queries in its own processes: no lane.
import pg from 'pg';
import type { Db } from './client';

export type Lane = <T>(query: () => Promise<T>) => Promise<T>;

const direct: Lane = (query) => query();

function serialLane(): Lane {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(query: () => Promise<T>) => {
    const run = tail.then(
      () => new Promise<void>((resolve) => setImmediate(resolve)).then(query),
    );
    tail = run.catch(() => undefined);
    return run;
  };
}

const lanes = new WeakMap<Db, Lane>();

/** The lane of this database's heavy queries (one per database). */
export function heavyLane(db: Db): Lane {
  let lane = lanes.get(db);
  if (!lane) {
    const client = (db as unknown as { $client?: unknown }).$client;
    lane = client instanceof pg.Pool ? direct : serialLane();
    lanes.set(db, lane);
  }
  return lane;
}
