// The events answers our dashboard's worker asks for (binary columns, gzip), stored in the database for the
// version of the events they were built from (product_event_answers, migration 0007). Building one costs
// the server ~4 ms of CPU for 3,000 events (the columns' text read, parsed, written as typed arrays,
// compressed) where sending a stored one costs ~0.4 ms: a server that has just started, or another server
// of the same database, then answers a company's first load without building anything.
// - Built in the background after events are written (the collect route's writer calls `written`): a few
//   seconds after a product's last write, one product at a time, resting as long as each build took (at
//   most half a core, whatever the viewers send).
// - Built by a read that found none of its version (the events route), then written here in the
//   background, many per statement, once the reads have calmed down: the read does not wait for it.
// An answer is only ever sent for the exact version it was built from: an older one is never sent.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import { type Db, rowsOf } from '../db/client';
import { readBytesStatement } from '../db/statements';
import { encode } from '../http/encoding';
import { binaryBody, productVersion } from './eventAnswers';

/**
 * After the last write or built read, the background work waits this long: a burst of batches builds a
 * product once, and a company's first load (hundreds of reads that build) is not slowed by the writes of
 * what it built (each write syncs the database's files: 3.4 ms for a 27 KB answer on PGlite, alone).
 */
const QUIET_MS = 2000;

/** ...but no longer than this after the first waiting work: viewers that never stop writing delay nothing. */
const MAX_WAIT_MS = 10_000;

/** Built answers waiting to be written, at most this many bytes (more is dropped: a later read builds it). */
const MAX_WAITING_BYTES = 32 * 1024 * 1024;

/** Answers written per statement, at most this many bytes. */
const BATCH_BYTES = 1024 * 1024;

const storedAnswer = readBytesStatement(
  'product_event_answer',
  `select body from product_event_answers where produit_id = $1::int and version = $2::bigint`,
);

interface Answer {
  productId: number;
  version: string;
  body: Buffer;
}

/** Stores the answers in one statement, but where a newer version's is already there. */
async function store(db: Db, answers: Answer[]): Promise<void> {
  const rows = answers.map((a) => sql`(${a.productId}::int, ${a.version}::bigint, ${a.body})`);
  await db.execute(sql`
    insert into product_event_answers (produit_id, version, body) values ${sql.join(rows, sql`, `)}
    on conflict (produit_id) do update set version = excluded.version, body = excluded.body
    where product_event_answers.version < excluded.version`);
}

/** The product's answer built for its current version; null for a product without events. */
async function buildAnswer(db: Db, productId: number): Promise<Answer | null> {
  // The version first, the events after: the answer may hold more than its version says, never less.
  const [row] = await productVersion(db, [productId]);
  if (!row?.version) return null;
  return {
    productId,
    version: row.version,
    body: await encode(await binaryBody(db, productId, row.entrepriseId), 'gzip'),
  };
}

/**
 * Builds the answers missing or older than their product's version, one after the other (a bulk load that
 * did not go through the collect route: the benchmark's data, bench/dataDir.ts). Answers how many.
 */
export async function buildMissingAnswers(db: Db): Promise<number> {
  const missing = rowsOf<{ id: number }>(
    await db.execute(sql`
      select v.produit_id as id from product_event_versions v
      left join product_event_answers a on a.produit_id = v.produit_id
      where a.version is distinct from v.version order by v.produit_id`),
  );
  for (const { id } of missing) {
    const answer = await buildAnswer(db, id);
    if (answer) await store(db, [answer]);
  }
  return missing.length;
}

export class StoredAnswers {
  /** Products whose events were written: their answers are built. */
  private readonly toBuild = new Set<number>();
  /** Answers built by reads, to write (the latest per product). */
  private readonly toWrite = new Map<number, Answer>();
  private waitingBytes = 0;
  private timer: NodeJS.Timeout | null = null;
  /** When the oldest work not yet started came. */
  private waitingSince: number | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly quietMs = QUIET_MS,
    private readonly maxWaitMs = MAX_WAIT_MS,
  ) {}

  /** The stored answer of this product built from this version of its events, or null. */
  read(productId: number, version: string): Promise<Buffer | null> {
    return storedAnswer(this.db, [productId, version]);
  }

  /** Keeps an answer a read has just built: written in the background, the read does not wait. */
  keep(productId: number, version: string, body: Buffer): void {
    if (this.closed || this.waitingBytes + body.length > MAX_WAITING_BYTES) return;
    this.waitingBytes += body.length - (this.toWrite.get(productId)?.body.length ?? 0);
    this.toWrite.set(productId, { productId, version, body });
    this.later();
  }

  /** These products' events were just written: their answers are built in the background. */
  written(productIds: Iterable<number>): void {
    if (this.closed) return;
    for (const id of productIds) this.toBuild.add(id);
    this.later();
  }

  /** The background work, once nothing new came for quietMs, or maxWaitMs after the oldest waiting work. */
  private later(): void {
    // A drain under way takes the new work too.
    if (this.closed || this.running) return;
    const now = Date.now();
    this.waitingSince ??= now;
    const latest = this.waitingSince + this.maxWaitMs;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.waitingSince = null;
        this.running = this.drain().finally(() => {
          this.running = null;
          // Work that came as the drain ended.
          if (this.toWrite.size || this.toBuild.size) this.later();
        });
      },
      Math.max(0, Math.min(this.quietMs, latest - now)),
    );
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    while (!this.closed && (this.toWrite.size || this.toBuild.size)) {
      const started = performance.now();
      if (this.toWrite.size) await this.writeBatch();
      else {
        const id = this.toBuild.values().next().value as number;
        this.toBuild.delete(id);
        const answer = await buildAnswer(this.db, id).catch((err: unknown) => this.failed([id], err));
        if (answer) this.toWrite.set(id, answer);
      }
      // As long a rest as the step took: at most half a core, and requests go between steps.
      await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
    }
  }

  /** Writes waiting answers in one statement, up to BATCH_BYTES. */
  private async writeBatch(): Promise<void> {
    const batch: Answer[] = [];
    let bytes = 0;
    for (const answer of this.toWrite.values()) {
      if (batch.length && bytes + answer.body.length > BATCH_BYTES) break;
      batch.push(answer);
      bytes += answer.body.length;
    }
    for (const a of batch) this.toWrite.delete(a.productId);
    this.waitingBytes = Math.max(0, this.waitingBytes - bytes);
    await store(this.db, batch).catch((err: unknown) =>
      this.failed(
        batch.map((a) => a.productId),
        err,
      ),
    );
  }

  /** A failure costs a build at the next read, nothing else (a product deleted meanwhile, for one). */
  private failed(productIds: number[], err: unknown): null {
    if (!this.closed) this.log.warn({ err, productIds }, 'stored events answers not written');
    return null;
  }

  /** Stops the background work and waits for the step under way (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
