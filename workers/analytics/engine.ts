// The engine behind the worker: cached columns at once, then revalidation (ETag), then fresh figures.
// A newer generation supersedes an older one; a 401 ends everything and is reported by name.
import type { DashboardView, Progress, ViewRequest } from '../../src/domain/analytics/view';
import { SUPERSEDED, UNAUTHORIZED } from '../../src/domain/analytics/view';
import { DEFAULT_TIME_ZONE } from '../../src/domain/analytics/zone';
import { figuresOf, Numbering, seriesValues, statsOf } from './aggregate';
import { deleteCache, readProducts, readSessionChunks, writeProducts } from './cache';
import { type CachedProduct, emptyStored, type StoredColumns } from './columns';
import { buildCsv, csvFileName } from './csv';
import {
  type Connection,
  EngineError,
  fetchProductEvents,
  forEachLimited,
  HTTP,
  MAX_IN_FLIGHT,
  NETWORK,
} from './fetch';
import { liveOf } from './live';
import { rankingOf } from './ranking';
import { SessionDictionary } from './sessions';
import { Tallies } from './tallies';
import { type CompanyVersions, fetchCompanyVersions } from './versions';

/** Within this delay a product checked once is not asked again (metric or period changes). */
export const REVALIDATE_AFTER_MS = 30_000;

/** Progress reaches the page at most this often (and at the start and end of a load). */
export const PROGRESS_EVERY_MS = 100;

/** Fresh records are written to IndexedDB this many at a time, off the fetch slots. */
const WRITE_BATCH = 25;

export class AnalyticsEngine {
  private conn: Connection = { apiBase: '', token: null };
  private latest = 0;
  private memory = new Map<number, CachedProduct>();
  private checkedAt = new Map<number, number>();
  /** Country numbering of the products in memory, kept across views (see Numbering). */
  private numbering = new Numbering();
  /** The passes over the current records, per selection but the metric (see Tallies). */
  private tallies = new Tallies();
  /** Session numbering of the records made from list answers, the stored ones included (see SessionDictionary). */
  private dictionary = new SessionDictionary();
  /** The stored numbering, taken back once, before the first fresh answer is numbered. */
  private dictionaryLoaded: Promise<void> | null = null;
  /** A write failed: later records could refer to strings that were not stored, so none is written. */
  private writesBroken = false;
  /** IndexedDB writes not yet committed, whichever view started them (a superseded one included). */
  private pendingWrites = new Set<Promise<void>>();
  /** Bumped when the memory is dropped (clear, another token): work started before it keeps nothing. */
  private epoch = 0;
  /** The last versions answer (one company at a time), and the companies whose server has no such route. */
  private versions: CompanyVersions | null = null;
  private noVersions = new Set<number>();

  constructor(
    private fetchImpl: typeof fetch = (...a) => fetch(...a),
    private clock: () => number = Date.now,
  ) {}

  configure(apiBase: string, token: string | null): void {
    if (token !== this.conn.token) this.forget();
    this.conn = { apiBase: apiBase.replace(/\/+$/, ''), token };
  }

  async clear(): Promise<void> {
    this.latest++;
    this.forget();
    await deleteCache();
  }

  private forget(): void {
    this.epoch++;
    this.memory.clear();
    this.checkedAt.clear();
    this.numbering = new Numbering(this.numbering.zone.timeZone);
    this.tallies.forget();
    this.dictionary = new SessionDictionary();
    this.dictionaryLoaded = null;
    this.writesBroken = false;
    this.versions = null;
    this.noVersions.clear();
  }

  /**
   * The products of `toCheck` that must be fetched: those whose record's ETag differs from the company's
   * versions answer (or that it does not list). The others are current: marked checked, no request.
   * Without that answer (another server, a failure) every product is fetched as before.
   */
  private async changedOnly(companyId: number | null | undefined, toCheck: number[], epoch: number): Promise<number[]> {
    if (companyId == null || toCheck.length === 0 || this.noVersions.has(companyId)) return toCheck;
    // A single product is as cheap to ask directly (its 304 says the same); nothing held: all are fetched.
    if (toCheck.length === 1 || !toCheck.some((id) => this.memory.has(id))) return toCheck;
    let result;
    try {
      result = await fetchCompanyVersions(this.conn, companyId, this.versions, this.fetchImpl);
    } catch (err) {
      if ((err as Error).name === UNAUTHORIZED) throw err;
      return toCheck;
    }
    if (epoch !== this.epoch) return toCheck;
    if (result === 'missing') {
      this.noVersions.add(companyId);
      return toCheck;
    }
    this.versions = result;
    const now = this.clock();
    return toCheck.filter((id) => {
      const known = this.memory.get(id);
      if (!known || known.etag === null || !result.tags.get(id)?.includes(known.etag)) return true;
      // Same object: its country map and kept tallies stay valid (see Numbering, Tallies).
      known.fetchedAt = now;
      this.checkedAt.set(id, now);
      return false;
    });
  }

  /** Takes back the stored session numbering (once per memory): fresh answers are numbered after it. */
  private sessions(): Promise<void> {
    const dictionary = this.dictionary;
    this.dictionaryLoaded ??= readSessionChunks().then(
      async (chunks) => {
        if (dictionary.load(chunks)) return;
        // Chunks that do not follow each other: the stored records cannot be trusted.
        if (dictionary === this.dictionary) this.forget();
        await deleteCache().catch(() => undefined);
        throw new EngineError(HTTP, 'Cache analytique incohérent : il a été vidé, réessayez.');
      },
      () => {
        // No IndexedDB (or unreadable): work from memory only, and store nothing.
        if (dictionary === this.dictionary) this.writesBroken = true;
      },
    );
    return this.dictionaryLoaded;
  }

  async view(
    request: ViewRequest,
    onProgress?: (p: Progress) => unknown,
    onCachedView?: (v: DashboardView) => unknown,
  ): Promise<DashboardView> {
    this.latest = Math.max(this.latest, request.generation);
    const epoch = this.epoch;
    const superseded = () => request.generation !== this.latest;
    const ids = request.scope === 'all' ? request.productIds : [request.scope];
    const now = new Date(this.clock());

    const missing = ids.filter((id) => !this.memory.has(id));
    if (missing.length) {
      const stored = await readProducts(missing).catch(() => new Map<number, CachedProduct>());
      stored.forEach((r, id) => this.memory.set(id, r));
    }
    if (superseded()) throw new EngineError(SUPERSEDED, 'Sélection remplacée');

    if ((request.timeZone ?? DEFAULT_TIME_ZONE) !== this.numbering.zone.timeZone) {
      // Another reporting zone: every event's day changes, so the days and tallies are made again.
      this.numbering = new Numbering(request.timeZone ?? DEFAULT_TIME_ZONE);
      this.tallies.forget();
    }
    const retry = new Set(request.retry ?? []);
    const stale = ids.filter(
      (id) =>
        request.refresh ||
        retry.has(id) ||
        !this.memory.has(id) ||
        this.clock() - (this.checkedAt.get(id) ?? 0) > REVALIDATE_AFTER_MS,
    );
    // Cached figures first, but only when every product is cached: partial totals would mislead.
    const allCached = ids.length > 0 && ids.every((id) => this.memory.has(id));
    if (allCached && stale.length)
      void onCachedView?.(this.compose(request, ids, now, { complete: false, offline: false, failed: [] }));
    const toCheck = await this.changedOnly(request.companyId, stale, epoch);
    if (superseded()) throw new EngineError(SUPERSEDED, 'Sélection remplacée');

    const failed: number[] = [];
    let offline = false;
    let done = 0;
    // Fresh records go to IndexedDB in batches, without holding a fetch slot; a 304 writes nothing.
    let toWrite: CachedProduct[] = [];
    const flush = () => {
      // After a clear (logout, 401) a late answer must not write: it would bring the database back.
      if (toWrite.length && epoch === this.epoch && !this.writesBroken) {
        const write = writeProducts(toWrite, this.dictionary.takeChunk()).catch(() => {
          this.writesBroken = true;
        });
        this.pendingWrites.add(write);
        void write.finally(() => this.pendingWrites.delete(write));
      }
      toWrite = [];
    };
    let reportedAt = -Infinity;
    const report = () => {
      const t = this.clock();
      if (done !== 0 && done !== toCheck.length && t - reportedAt < PROGRESS_EVERY_MS) return;
      reportedAt = t;
      void onProgress?.({ generation: request.generation, done, total: toCheck.length });
    };
    report();
    await forEachLimited(
      toCheck,
      MAX_IN_FLIGHT,
      async (id) => {
        const known = this.memory.get(id) ?? null;
        try {
          const result = await fetchProductEvents(this.conn, id, known?.etag ?? null, this.fetchImpl);
          if (result.kind === 'fresh') {
            // Dropped meanwhile (clear, another token): this answer belongs to nothing any more, and
            // reading the stored numbering would open (so recreate) a database just deleted.
            if (epoch !== this.epoch) return;
            if (result.columns.sessions) {
              // Labels to number: after the stored numbering, so that numbers already stored stay valid.
              await this.sessions();
              if (epoch !== this.epoch) return;
            }
            const record: CachedProduct = {
              ...this.dictionary.store(result.columns),
              etag: result.etag,
              fetchedAt: this.clock(),
            };
            this.memory.set(id, record);
            toWrite.push(record);
            if (toWrite.length >= WRITE_BATCH) flush();
          } else {
            // Same object: its country map stays valid (see Numbering).
            known!.fetchedAt = this.clock();
          }
          this.checkedAt.set(id, this.clock());
        } catch (err) {
          if ((err as Error).name === UNAUTHORIZED) throw err;
          // A failure for one product counts as empty (spec); without network the cached data stays.
          if ((err as Error).name === NETWORK) offline = true;
          if (!known || (err as Error).name !== NETWORK) failed.push(id);
        }
        done++;
        report();
      },
      superseded,
    ).finally(flush);
    // A view is complete once what it shows is stored, including the records of a view it superseded
    // (they are not fetched again within REVALIDATE_AFTER_MS): a reload then finds them all cached.
    await Promise.all(this.pendingWrites);
    if (superseded()) throw new EngineError(SUPERSEDED, 'Sélection remplacée');
    return this.compose(request, ids, now, { complete: true, offline, failed });
  }

  /**
   * "Exporter CSV": the ranking and the evolution series of a selection, from the records in memory (the
   * view on screen was made from them: its tallies are kept, so this is no new pass), as a Blob.
   */
  exportCsv(
    request: ViewRequest,
    names: Record<number, string>,
    companyName: string,
    metricLabel: string,
  ): { blob: Blob; fileName: string } {
    const view = this.compose(
      request,
      request.scope === 'all' ? request.productIds : [request.scope],
      new Date(this.clock()),
      { complete: true, offline: false, failed: [] },
    );
    const text = buildCsv({
      ranking: view.ranking.map((r) => ({ ...r, name: names[r.productId] ?? `Produit ${r.productId}` })),
      series: { labels: view.series.labels, values: view.series.values, previous: view.previous?.values ?? null },
      metricLabel,
    });
    return {
      blob: new Blob([text], { type: 'text/csv;charset=utf-8' }),
      fileName: csvFileName(companyName, { from: null, to: null, ...request }),
    };
  }

  private compose(
    request: ViewRequest,
    ids: number[],
    now: Date,
    state: { complete: boolean; offline: boolean; failed: number[] },
  ): DashboardView {
    const failed = new Set(state.failed);
    const used: StoredColumns[] = [];
    let cachedAt: number | null = null;
    for (const id of ids) {
      const r = this.memory.get(id);
      if (!r || failed.has(id)) {
        used.push(emptyStored(id));
        continue;
      }
      used.push(r);
      cachedAt = cachedAt === null ? r.fetchedAt : Math.min(cachedAt, r.fetchedAt);
    }
    const current = this.tallies.of(used, request, now, this.numbering);
    const before =
      request.compare && request.period !== 'all_time'
        ? this.tallies.of(used, request, now, this.numbering, true)
        : null;
    return {
      generation: request.generation,
      ...figuresOf(current, request.metric),
      previous: before && {
        stats: statsOf(before),
        values: seriesValues(before, request.metric),
        eventCount: before.events,
      },
      ranking: rankingOf(current, before),
      live: liveOf(used, now.getTime()),
      cachedAt,
      offline: state.offline,
      failedProducts: state.failed,
      complete: state.complete,
    };
  }
}
