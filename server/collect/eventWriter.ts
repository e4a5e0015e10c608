// The viewers' events written in groups (docs/viewer.md, "Writes"): the batches of the requests read in one
// turn of the event loop, and those that arrive while an INSERT runs, go together in the next INSERT. Each
// statement costs the events table's triggers once (product versions, the answer in columns: migrations
// 0003 and 0004) whatever its size, so under load a statement carries many batches instead of one each;
// alone, a batch waits for nothing but the end of the loop's turn (setImmediate). A batch's promise
// settles once the statement that holds it is committed: the route answers 202 only then.
import type { Db } from '../db/client';
import { productEvents } from '../db/schema';
import { isDatabaseUnavailable } from '../http/errorHandler';

export type EventRow = typeof productEvents.$inferInsert;

interface Pending {
  rows: EventRow[];
  done: (err?: unknown) => void;
}

/** Rows per statement at most: 5 parameters a row stays far below PostgreSQL's 65,535. */
const MAX_ROWS = 2000;

export interface EventWriter {
  /** Resolves once the rows are committed; rejects with the database's error for this batch only. */
  write(rows: EventRow[]): Promise<void>;
}

/**
 * `written` hears of the products of each committed statement (their stored answers are then built in the
 * background: server/analytics/storedAnswers.ts).
 */
export function createEventWriter(db: Db, written: (productIds: Set<number>) => void = () => undefined): EventWriter {
  let queue: Pending[] = [];
  let writing = false;

  /** The next group starts after the requests already received have queued their batches. */
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  const insert = async (rows: EventRow[]) => {
    await db.insert(productEvents).values(rows);
    written(new Set(rows.map((r) => r.produitId)));
  };

  async function writeGroup(group: Pending[]) {
    try {
      await insert(group.flatMap((p) => p.rows));
      for (const p of group) p.done();
    } catch (err) {
      // A database gone fails them all at once (503), rather than once more each.
      if (group.length === 1 || isDatabaseUnavailable(err)) {
        for (const p of group) p.done(err);
        return;
      }
      // One batch may be the cause (its product deleted meanwhile): each is tried alone, so the others are
      // still written and only the faulty one fails.
      for (const p of group) {
        try {
          await insert(p.rows);
          p.done();
        } catch (e) {
          p.done(e);
        }
      }
    }
  }

  async function drain() {
    writing = true;
    try {
      for (;;) {
        await nextTurn();
        if (!queue.length) break;
        let size = 0;
        let n = 0;
        while (n < queue.length && (n === 0 || size + queue[n].rows.length <= MAX_ROWS)) size += queue[n++].rows.length;
        const group = queue.slice(0, n);
        queue = queue.slice(n);
        await writeGroup(group);
      }
    } finally {
      writing = false;
    }
  }

  return {
    write(rows) {
      return new Promise<void>((resolve, reject) => {
        queue.push({
          rows,
          done: (err) =>
            err === undefined
              ? resolve()
              : reject(err instanceof Error ? err : new Error('event write failed', { cause: err })),
        });
        if (!writing) void drain();
      });
    },
  };
}
