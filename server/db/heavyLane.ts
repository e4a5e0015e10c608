// PGlite runs every query in the server's own thread, one at a time, in arrival order: twenty dashboard
// summaries queued at once held a one-row query (the guard's, on every request) behind all of them for
// seconds. Heavy analytics queries go through this lane instead: on PGlite one at a time, each started
// only when no light request is being answered (or after MAX_WAIT_MS, so a steady stream of light
// requests cannot starve them): a light request then waits for at most the one heavy query running.
// Routes whose queries go through the lane are marked `config: { heavy: true }` and are not light.
// A PostgreSQL server runs queries in its own processes: no lane.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

import type { Db } from './client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's expensive queries go through the heavy lane; its requests do not hold that lane. */
    heavy?: boolean;
  }
}

const MAX_WAIT_MS = 100;

/** Light requests being answered, and who waits for there to be none. */
class LightTraffic {
  private inFlight = 0;
  private waiters: Array<() => void> = [];

  begin(): void {
    this.inFlight++;
  }

  end(): void {
    if (--this.inFlight > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when no light request is in flight, or after maxMs. */
  quiet(maxMs: number): Promise<void> {
    if (this.inFlight <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, maxMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(done);
    });
  }
}

const traffic = new WeakMap<Db, LightTraffic>();
const trafficOf = (db: Db) => {
  let t = traffic.get(db);
  if (!t) traffic.set(db, (t = new LightTraffic()));
  return t;
};

/** A request still running after this long (an upload, a slow client) no longer holds the lane. */
const LIGHT_MS = 500;

/** Counts the light requests of this app (every route not marked heavy), for the lane to let them pass. */
export function installLightTraffic(app: FastifyInstance, db: Db): void {
  const t = trafficOf(db);
  const counted = new WeakMap<object, NodeJS.Timeout>();
  const end = async (request: object) => {
    const timer = counted.get(request);
    if (timer === undefined) return;
    counted.delete(request);
    clearTimeout(timer);
    t.end();
  };
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.heavy) return;
    t.begin();
    counted.set(request, setTimeout(() => void end(request), LIGHT_MS).unref());
  });
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
}

export type Lane = <T>(query: () => Promise<T>) => Promise<T>;

const direct: Lane = (query) => query();

function serialLane(light: LightTraffic): Lane {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(query: () => Promise<T>) => {
    // An event-loop turn first: a request that arrived during the last heavy query is counted.
    const run = tail.then(() =>
      new Promise<void>((resolve) => setImmediate(resolve)).then(() => light.quiet(MAX_WAIT_MS)).then(query),
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
    lane = client instanceof pg.Pool ? direct : serialLane(trafficOf(db));
    lanes.set(db, lane);
  }
  return lane;
}
