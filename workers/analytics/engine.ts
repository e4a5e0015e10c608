// The engine behind the worker: cached columns at once, then revalidation (ETag), then fresh figures.
// A newer generation supersedes an older one; a 401 ends everything and is reported by name.
import type { InsightFilters, InsightsView } from '#domain/analytics/insightsView';
import type { RankingSort } from '#domain/analytics/ranking';
import type { DashboardView, PreparedScope, PreparedView, Progress, ViewRequest } from '#domain/analytics/view';
import { SUPERSEDED, UNAUTHORIZED } from '#domain/analytics/view';
import type { VisitColumns } from '#domain/analytics/visitColumns';
import { DEFAULT_TIME_ZONE, Zone } from '#domain/analytics/zone';

import { Numbering } from './aggregate';
import { backgroundTask } from './background';
import {
  deleteCache,
  readProducts,
  readSessionChunks,
  readStoredView,
  readVisits,
  storeVisits,
  writeProducts,
} from './cache';
import { type CachedProduct, type StoredColumns } from './columns';
import { type ComposeState, composeView, csvOf, prepareTallies } from './compose';
import {
  type Connection,
  EngineError,
  fetchProductEvents,
  forEachLimited,
  HTTP,
  MAX_IN_FLIGHT,
  NETWORK,
} from './fetch';
import { filteredRecord, filtersKey, hasFilters, visitMatches } from './filtered';
import { computeInsights } from './insights';
import { NextVisitViews, REVALIDATE_AFTER_MS } from './nextVisit';
import { SessionDictionary } from './sessions';
import { preparedPeriods, storedViewKey, versionsClaim } from './storedViews';
import { Tallies } from './tallies';
import { type CompanyVersions, fetchCompanyVersions, type VersionsResult } from './versions';
import { visitIndexOf } from './visitIndex';
import { type CompanyVisits, fetchCompanyVisits } from './visits';

/**
 * The preparation of the next selections (see prepare) counts products for this long per task, then gives
 * way: a selection asked meanwhile waits for this at most, well within a frame (the pass of every period of
 * 10 000 products took ~80 ms at once).
 */
const PREPARE_SLICE_MS = 6;

/**
 * Progress reaches the page at most this often (and at the start and end of a load). Each step is a frame
 * of the page (style, layout, paint: ~5 ms on two cores); at 100 ms a 10 000-product cold load spent 1.3 s
 * more of the renderer's CPU (bench/notes.md, twenty-second pass). Four steps a second still read as moving.
 */
export const PROGRESS_EVERY_MS = 250;

/**
 * Fresh records are written to IndexedDB off the fetch slots, one pack (cache.ts) per this many events or
 * products, whichever comes first: few values to read back, none too large to write at once, and each
 * read back (deserialized on the worker's thread) short enough not to hold a selection long (~1.5 MB).
 */
const PACK_EVENTS = 100_000;
const PACK_PRODUCTS = 2_000;
/**
 * Once no more than this many answers remain to come, what is gathered is written: the write left for after
 * the last answer, which the view waits for, then holds a few products instead of up to a pack, and the one
 * before it has had those answers' time to commit (bench/notes.md, twenty-third pass).
 */
export const TAIL_PRODUCTS = 2 * MAX_IN_FLIGHT;

export class AnalyticsEngine {
  private conn: Connection = { apiBase: '', token: null };
  private latest = 0;
  private memory = new Map<number, CachedProduct>();
  private checkedAt = new Map<number, number>();
  /** Country numbering of the products in memory, kept across views (see Numbering). */
  private numbering = new Numbering();
  /** The passes over the current records, per selection but the metric (see Tallies). */
  private tallies = new Tallies();
  /**
   * The passes of products' views made ahead (see prepareScopes), apart: they neither replace the pass the
   * preparation has begun nor crowd out the tallies of the selections around the view on screen.
   */
  private scopeTallies = new Tallies();
  /** Bumped by each prepareScopes call: an earlier list still being prepared stops. */
  private scopesAsked = 0;
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
  /** Bumped whenever the records change (a fresh answer, a clear): each view says which data it shows. */
  private dataVersion = 0;
  /** The last versions answer (one company at a time), and the companies whose server has no such route. */
  private versions: CompanyVersions | null = null;
  private noVersions = new Set<number>();
  /** The last visits answer (one company at a time, see visits.ts). */
  private companyVisits: CompanyVisits | null = null;
  /** The visits being asked (read back from IndexedDB, revalidated): callers meanwhile share the answer. */
  private visitsAsked: { companyId: number; epoch: number; answer: Promise<CompanyVisits> } | null = null;
  /**
   * The records narrowed by the last filters asked (filtered.ts), with their own tallies: a metric or period
   * change under the same filters counts no copy again. Made anew for other filters or visits; a record
   * replaced (a fresh answer) is narrowed again. Apart from the unfiltered caches, which it never touches.
   */
  private filtered: {
    key: string;
    /** The answer's columns: the same object after a 304, so a refresh narrows nothing again. */
    visits: VisitColumns;
    /** Per visit of the answer's index (visitIndex.ts), whether it passes the visit filters. */
    matches: Uint8Array | null;
    from: Map<number, StoredColumns>;
    records: Map<number, CachedProduct>;
    tallies: Tallies;
  } | null = null;
  /** The generation of the stored records (cache.ts), as this memory knows it; null before any read. */
  private generation: number | null = null;
  /** Records read back in the background after a stored view was shown complete (storedViews.ts). */
  private loading: Promise<void> | null = null;
  /** The versions asked alongside a load of every product (see changedOnly). */
  private alongside: Promise<VersionsResult | null> | null = null;
  /** The last selection asked: the one prepared once the records are read back (see readInBackground). */
  private shown: { request: ViewRequest; ids: number[]; now: Date; onPrepared?: PreparedView } | null = null;
  /** The views kept for the next visit, and those read back to draw as they are (nextVisit.ts). */
  private nextVisit = new NextVisitViews({
    generation: () => this.generation,
    writable: () => !this.writesBroken,
    claim: (request, ids) => versionsClaim(this.versions, request, ids, (id) => this.memory.get(id)?.etag ?? null),
    compose: (request, ids, now) => this.compose(request, ids, now, { complete: true, offline: false, failed: [] }),
    today: (now) => this.numbering.zone.day(now.getTime()),
    clock: () => this.clock(),
  });

  constructor(
    private fetchImpl: typeof fetch = (...a) => fetch(...a),
    private clock: () => number = Date.now,
    private prepareSliceMs = PREPARE_SLICE_MS,
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
    this.dataVersion++;
    this.memory.clear();
    this.checkedAt.clear();
    this.numbering = new Numbering(this.numbering.zone.timeZone);
    this.tallies.forget();
    this.scopeTallies.forget();
    this.dictionary = new SessionDictionary();
    this.dictionaryLoaded = null;
    this.writesBroken = false;
    this.versions = null;
    this.noVersions.clear();
    this.companyVisits = null;
    this.visitsAsked = null;
    this.filtered = null;
    this.generation = null;
    this.loading = null;
    this.shown = null;
    this.nextVisit.forget();
  }

  /**
   * The products of `toCheck` that must be fetched: those whose record's ETag differs from the company's
   * versions answer (or that it does not list). The others are current: marked checked, no request.
   * Without that answer (another server, a failure) every product is fetched as before.
   */
  private async changedOnly(
    companyId: number | null | undefined,
    toCheck: number[],
    epoch: number,
    /** An answer this view already has (asked for its stored view): not asked again. */
    answered: CompanyVersions | null = null,
  ): Promise<number[]> {
    if (companyId == null || toCheck.length === 0 || this.noVersions.has(companyId)) return toCheck;
    // A single product is as cheap to ask directly (its 304 says the same).
    if (toCheck.length === 1) return toCheck;
    // Nothing held: all are fetched. The versions are asked alongside, so that the complete view can be
    // stored with the ETag under which every record is current (storedViews.ts).
    if (!toCheck.some((id) => this.memory.has(id))) {
      this.alongside = fetchCompanyVersions(this.conn, companyId, null, this.fetchImpl).catch(() => null);
      return toCheck;
    }
    let result: VersionsResult | null = answered;
    try {
      result ??= await fetchCompanyVersions(this.conn, companyId, this.versions, this.fetchImpl);
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
    const { tags } = result;
    return toCheck.filter((id) => {
      const known = this.memory.get(id);
      // No tags: a 304 to the ETag under which every stored record was current (storedViews.ts).
      if (!known || known.etag === null || (tags !== null && !tags.get(id)?.includes(known.etag))) return true;
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
    onPrepared?: PreparedView,
  ): Promise<DashboardView> {
    if (hasFilters(request.filters)) return this.filteredView(request, onProgress);
    this.latest = Math.max(this.latest, request.generation);
    const epoch = this.epoch;
    const superseded = () => request.generation !== this.latest;
    const ids = request.scope === 'all' ? request.productIds : [request.scope];
    const now = new Date(this.clock());
    const companyId = request.companyId ?? null;
    if ((request.timeZone ?? DEFAULT_TIME_ZONE) !== this.numbering.zone.timeZone) {
      // Another reporting zone: every event's day changes, so the days and tallies are made again.
      this.numbering = new Numbering(request.timeZone ?? DEFAULT_TIME_ZONE);
      this.tallies.forget();
    }
    const key = storedViewKey(request, this.numbering.zone.day(now.getTime()));
    this.shown = { request, ids, now, onPrepared };
    const ready = await this.nextVisit.readyView(key, request);
    if (superseded()) throw new EngineError(SUPERSEDED, 'Sélection remplacée');
    if (ready) {
      // Its passes, for the selections after it, once the events are back (else readInBackground does it).
      if (!this.loading) this.prepare(request, ids, now, epoch, onPrepared);
      return { ...ready, dataVersion: this.dataVersion };
    }

    if (this.loading && ids.some((id) => !this.memory.has(id))) await this.loading;
    const missing = ids.filter((id) => !this.memory.has(id));
    let storedShown = false;
    /** The versions answer asked for a stored view (a product changed since): used as it is below. */
    let answered: CompanyVersions | null = null;
    if (missing.length) {
      const stored = await readStoredView(key, companyId).catch(() => null);
      if (superseded()) throw new EngineError(SUPERSEDED, 'Sélection remplacée');
      if (stored) this.generation ??= stored.generation;
      if (stored?.view && !request.retry?.length) {
        storedShown = true;
        void onCachedView?.({ ...stored.view, generation: request.generation, complete: false });
        if (stored.versionsEtag !== null && companyId !== null && !this.noVersions.has(companyId)) {
          const known: CompanyVersions = { companyId, etag: stored.versionsEtag, tags: null };
          const answer = await fetchCompanyVersions(this.conn, companyId, known, this.fetchImpl).catch((err) => {
            if ((err as Error).name === UNAUTHORIZED) throw err;
            return null;
          });
          if (superseded()) throw new EngineError(SUPERSEDED, 'Sélection remplacée');
          if (answer === 'missing') this.noVersions.add(companyId);
          else if (answer) this.versions = answered = answer;
          if (answer === known && epoch === this.epoch) {
            // 304: no product changed since those records were stored, so the stored view is this one.
            const t = this.clock();
            ids.forEach((id) => this.checkedAt.set(id, t));
            this.nextVisit.markStored(stored.generation, key);
            this.nextVisit.readSiblings(
              request,
              now,
              stored.generation,
              t,
              () => epoch === this.epoch,
              // As readyView's answers: of this memory's data.
              onPrepared &&
                ((metric, period, view) => onPrepared(metric, period, { ...view, dataVersion: this.dataVersion })),
            );
            this.readInBackground(request, ids, missing, now, epoch);
            return {
              ...stored.view,
              generation: request.generation,
              complete: true,
              stored: true,
              dataVersion: this.dataVersion,
            };
          }
        }
      }
      const records = await readProducts(missing, companyId).catch(() => new Map<number, CachedProduct>());
      records.forEach((r, id) => this.memory.has(id) || this.memory.set(id, r));
    }
    if (superseded()) throw new EngineError(SUPERSEDED, 'Sélection remplacée');

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
    if (allCached && stale.length && !storedShown)
      void onCachedView?.(this.compose(request, ids, now, { complete: false, offline: false, failed: [] }));
    const toCheck = await this.changedOnly(request.companyId, stale, epoch, answered);
    if (superseded()) throw new EngineError(SUPERSEDED, 'Sélection remplacée');

    const failed: number[] = [];
    let offline = false;
    let done = 0;
    // Fresh records go to IndexedDB in batches, without holding a fetch slot; a 304 writes nothing.
    let toWrite: CachedProduct[] = [];
    let toWriteEvents = 0;
    const flush = () => {
      // After a clear (logout, 401) a late answer must not write: it would bring the database back.
      if (toWrite.length && epoch === this.epoch && !this.writesBroken) {
        const write = writeProducts(toWrite, this.dictionary.takeChunk(), companyId).then(
          (generation) => {
            if (epoch === this.epoch) this.generation = Math.max(this.generation ?? 0, generation);
          },
          () => {
            this.writesBroken = true;
          },
        );
        this.pendingWrites.add(write);
        void write.finally(() => this.pendingWrites.delete(write));
      }
      toWrite = [];
      toWriteEvents = 0;
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
            // Its events' days now, while the answers arrive: this puts a record written out of order in
            // day order before it is stored (aggregate.ts daysOf), so that no later visit sorts it again.
            this.numbering.daysOf(record);
            this.memory.set(id, record);
            this.dataVersion++;
            // The views stored beside the last stored one no longer tell these records' figures.
            this.nextVisit.drop();
            // Nor do the products' passes made ahead, which would otherwise hold the replaced records.
            this.scopeTallies.forget();
            toWrite.push(record);
            toWriteEvents += record.count;
            const left = toCheck.length - done - 1;
            if (toWriteEvents >= PACK_EVENTS || toWrite.length >= PACK_PRODUCTS) flush();
            else if (left <= TAIL_PRODUCTS && toWrite.length > TAIL_PRODUCTS) flush();
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
    if (this.alongside) {
      const versions = await this.alongside;
      this.alongside = null;
      if (versions && versions !== 'missing' && epoch === this.epoch) this.versions = versions;
    }
    if (superseded()) throw new EngineError(SUPERSEDED, 'Sélection remplacée');
    const view = this.compose(request, ids, now, { complete: true, offline, failed });
    if (!failed.length && !offline) {
      // Prepared while it is stored: the store's steps (IndexedDB replies) come before each slice
      // (backgroundTask), so a reload right after still finds the view. Whole passes made meanwhile (before
      // slices) held its transaction back: a reload then did not find it.
      const current = () => epoch === this.epoch && request.generation === this.latest;
      const besideTaken = this.nextVisit.store(key, view, request, ids, now, current, onPrepared);
      this.prepare(request, ids, now, epoch, onPrepared, besideTaken);
    }
    return view;
  }

  private compose(request: ViewRequest, ids: number[], now: Date, state: ComposeState): DashboardView {
    const view = composeView(request, ids, now, state, {
      memory: this.memory,
      tallies: this.tallies,
      numbering: this.numbering,
    });
    view.dataVersion = this.dataVersion;
    return view;
  }

  /** After a stored view was shown complete: the records, read back for the next selections (see prepare). */
  private readInBackground(request: ViewRequest, ids: number[], missing: number[], now: Date, epoch: number): void {
    const loading = Promise.all([readProducts(missing, request.companyId ?? null), this.nextVisit.siblingsRead()])
      .then(([records]) => {
        if (epoch !== this.epoch) return;
        records.forEach((r, id) => this.memory.has(id) || this.memory.set(id, r));
        // The selection shown now: a later one may have been drawn meanwhile from the stored views.
        const shown = this.shown ?? { request, ids, now };
        this.prepare(shown.request, shown.ids, shown.now, epoch, shown.onPrepared);
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
  }

  /**
   * While nothing is asked, the passes of the view on screen and of its other periods (its events' days
   * and tallies, see Tallies): the next metric or period change then draws without a pass instead of
   * making one while the user waits. In slices of `prepareSliceMs`, one per task, so that a selection asked
   * meanwhile waits for one slice at most (it finishes the pass it needs, see Tallies), as do IndexedDB's
   * replies (background priority, see backgroundTask); it stops once another view is asked (that view
   * prepares its own).
   */
  private prepare(
    request: ViewRequest,
    ids: number[],
    now: Date,
    epoch: number,
    onPrepared?: PreparedView,
    /** The views of its own period's other metrics are stored with the view (nextVisit.ts store). */
    ownPeriodStored = false,
  ): void {
    // Periods drawn from the views read back (nextVisit.ts covers) last: after a repeat visit the first
    // pass then serves the next period asked, not the one on screen (bench/notes.md, sixteenth pass).
    const all = preparedPeriods(request);
    const covered = all.filter((p) => this.nextVisit.covers(request, p, now));
    const periods = [...all.filter((p) => !covered.includes(p)), ...covered];
    const memory = { memory: this.memory, tallies: this.tallies, numbering: this.numbering };
    let deadline = 0;
    const work = prepareTallies(
      periods.map((period) => ({ ...request, period })),
      ids,
      now,
      memory,
      () => performance.now() >= deadline,
    );
    const step = () => {
      if (epoch !== this.epoch || request.generation !== this.latest) return;
      deadline = performance.now() + this.prepareSliceMs;
      const { done, value } = work.next();
      // A period prepared (its view's own first, at once): its views are stored beside the view.
      if (value !== undefined && !(ownPeriodStored && periods[value] === request.period))
        this.nextVisit.storeSiblings(
          request,
          ids,
          now,
          periods[value],
          () => epoch === this.epoch && request.generation === this.latest,
          onPrepared,
        );
      if (!done) backgroundTask(step);
    };
    backgroundTask(step);
  }

  /**
   * The views of these products for the selection on screen (`request`, the company's view), made ahead
   * because the page shows them in its list of scopes (src/features/dashboard/ControlCards.tsx): the click
   * on one then draws it from the page's memory instead of waiting for a frame or two (bench/notes.md,
   * nineteenth pass). One product per background task, stopping once another selection or list is asked;
   * only products whose record is in memory and checked within REVALIDATE_AFTER_MS, whose view would then
   * be composed from memory as it is here. `onPrepared` also gets when the product was checked: the page
   * keeps the view no longer than the worker takes that check as current.
   */
  prepareScopes(request: ViewRequest, scopes: number[], onPrepared: PreparedScope): void {
    const asked = ++this.scopesAsked;
    const epoch = this.epoch;
    const now = new Date(this.clock());
    const zone = (request.timeZone ?? DEFAULT_TIME_ZONE) === this.numbering.zone.timeZone;
    const current = () =>
      zone && epoch === this.epoch && asked === this.scopesAsked && request.generation >= this.latest;
    const queue = [...scopes];
    const step = () => {
      const scope = queue.shift();
      if (scope === undefined || !current()) return;
      const checkedAt = this.checkedAt.get(scope) ?? -Infinity;
      if (this.memory.has(scope) && this.clock() - checkedAt <= REVALIDATE_AFTER_MS) {
        const state: ComposeState = { complete: true, offline: false, failed: [] };
        const memory = { memory: this.memory, tallies: this.scopeTallies, numbering: this.numbering };
        const view = composeView({ ...request, scope }, [scope], now, state, memory);
        void onPrepared(scope, { ...view, dataVersion: this.dataVersion }, checkedAt);
      }
      backgroundTask(step);
    };
    backgroundTask(step);
  }

  /**
   * The 3D and AR insight of a selection (insights.ts): the company's visits (one conditional call, kept
   * REVALIDATE_AFTER_MS like the products) joined to the events held for the selection's products. The
   * records the view loaded are used as they are; one not held (the section asked before the view ended)
   * is read from IndexedDB, else fetched for this call alone.
   */
  async insights(request: ViewRequest, filters: InsightFilters): Promise<InsightsView> {
    const fresh = await this.visitsOf(request);
    const records = await this.recordsOf(request);
    const timeZone = request.timeZone ?? DEFAULT_TIME_ZONE;
    const zone = timeZone === this.numbering.zone.timeZone ? this.numbering.zone : new Zone(timeZone);
    return { ...computeInsights(fresh.visits, records, request, zone, filters), dataVersion: this.dataVersion };
  }

  /**
   * The company's visits: one conditional call, kept REVALIDATE_AFTER_MS like the products. Without an
   * answer in memory (a reload, another company) the stored one is read back and revalidated with its ETag:
   * a 304 reuses it; a 200 replaces it in IndexedDB, in the background (a failed write is only not stored).
   */
  private async visitsOf(request: ViewRequest): Promise<CompanyVisits> {
    const companyId = request.companyId ?? null;
    if (companyId === null) throw new EngineError(HTTP, 'Aucune entreprise choisie');
    const epoch = this.epoch;
    const now = this.clock();
    const held = this.companyVisits?.companyId === companyId ? this.companyVisits : null;
    if (held && !request.refresh && now - held.checkedAt <= REVALIDATE_AFTER_MS) return held;
    const asked = this.visitsAsked;
    if (asked && asked.companyId === companyId && asked.epoch === epoch) return asked.answer;
    const answer = this.revalidateVisits(companyId, held, now, epoch);
    const entry = { companyId, epoch, answer };
    this.visitsAsked = entry;
    const done = () => {
      if (this.visitsAsked === entry) this.visitsAsked = null;
    };
    answer.then(done, done);
    return answer;
  }

  private async revalidateVisits(
    companyId: number,
    held: CompanyVisits | null,
    now: number,
    epoch: number,
  ): Promise<CompanyVisits> {
    const known = held ?? (await readVisits(companyId).catch(() => null));
    let fresh: CompanyVisits;
    try {
      fresh = await fetchCompanyVisits(this.conn, companyId, known, now, this.fetchImpl);
    } catch (err) {
      // Offline: the answer held or stored stands, as the stored events do; asked again at the next call.
      if (known && (err as EngineError).name === NETWORK) return known;
      throw err;
    }
    if (epoch !== this.epoch) return fresh;
    this.companyVisits = fresh;
    if (fresh.visits !== known?.visits && fresh.etag)
      void storeVisits(fresh, () => epoch === this.epoch).catch(() => undefined);
    return fresh;
  }

  /**
   * The records of the selection's products: those in memory as they are; one not held (asked before the
   * view ended) is read from IndexedDB, else fetched for this call alone.
   */
  private async recordsOf(request: ViewRequest): Promise<Map<number, CachedProduct>> {
    const companyId = request.companyId ?? null;
    const epoch = this.epoch;
    const ids = request.scope === 'all' ? request.productIds : [request.scope];
    if (this.loading && ids.some((id) => !this.memory.has(id))) await this.loading;
    const records = new Map<number, CachedProduct>();
    for (const id of ids) {
      const r = this.memory.get(id);
      if (r) records.set(id, r);
    }
    let missing = ids.filter((id) => !records.has(id));
    if (missing.length) {
      const read = await readProducts(missing, companyId).catch(() => new Map<number, CachedProduct>());
      read.forEach((r, id) => records.set(id, r));
      missing = missing.filter((id) => !records.has(id));
    }
    await forEachLimited(missing, MAX_IN_FLIGHT, async (id) => {
      const result = await fetchProductEvents(this.conn, id, null, this.fetchImpl);
      if (result.kind !== 'fresh' || epoch !== this.epoch) return;
      if (result.columns.sessions) await this.sessions();
      records.set(id, { ...this.dictionary.store(result.columns), etag: result.etag, fetchedAt: this.clock() });
    });
    return records;
  }

  /**
   * A view with filters set (filtered.ts): the unfiltered view is made first, unseen (it loads, revalidates
   * and stores the records exactly as without filters, its caches included), then the figures are counted
   * again over the events the filters allow. Nothing of it is stored or prepared: the stored views, the
   * next visit's views and the page's prepared views stay unfiltered.
   */
  private async filteredView(request: ViewRequest, onProgress?: (p: Progress) => unknown): Promise<DashboardView> {
    const plain = await this.view({ ...request, filters: null }, onProgress);
    const visits = await this.visitsOf(request);
    const records = await this.recordsOf(request);
    if (request.generation !== this.latest) throw new EngineError(SUPERSEDED, 'Sélection remplacée');
    // A product that failed counts as empty, as in the unfiltered view (composeView).
    return this.composeFiltered(request, visits, records, {
      complete: true,
      offline: plain.offline,
      failed: plain.failedProducts,
    });
  }

  /** The view of `request` over its records narrowed by its filters (see `filtered`). */
  private composeFiltered(
    request: ViewRequest,
    visits: CompanyVisits,
    records: Map<number, CachedProduct>,
    state: ComposeState,
  ): DashboardView {
    const filters = request.filters!;
    const key = filtersKey(filters);
    if (this.filtered?.key !== key || this.filtered.visits !== visits.visits)
      this.filtered = {
        key,
        visits: visits.visits,
        matches: visitMatches(visitIndexOf(visits.visits), filters),
        from: new Map(),
        records: new Map(),
        tallies: new Tallies(),
      };
    const f = this.filtered;
    const memory = new Map<number, CachedProduct>();
    records.forEach((r, id) => {
      let narrowed = f.from.get(id) === r ? f.records.get(id) : undefined;
      if (!narrowed) {
        // In day order first (aggregate.ts daysOf sorts a record written out of order): its copy then is.
        this.numbering.daysOf(r);
        const narrow = filteredRecord(r, id, visitIndexOf(visits.visits), f.matches, filters.country);
        narrowed = { ...narrow, etag: r.etag, fetchedAt: r.fetchedAt };
        f.from.set(id, r);
        f.records.set(id, narrowed);
      }
      memory.set(id, narrowed);
    });
    const ids = request.scope === 'all' ? request.productIds : [request.scope];
    const view = composeView(request, ids, new Date(this.clock()), state, {
      memory,
      tallies: f.tallies,
      numbering: this.numbering,
    });
    view.dataVersion = this.dataVersion;
    return view;
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
    sort: RankingSort | null = null,
  ): { blob: Blob; fileName: string } {
    if (hasFilters(request.filters)) {
      // The filtered view on screen was made from these visits and records: the same figures, no fetch.
      const visits = this.companyVisits;
      if (!visits || visits.companyId !== request.companyId)
        throw new EngineError(HTTP, 'Filtres pas encore appliqués : réessayez dans un instant.');
      const records = new Map<number, CachedProduct>();
      for (const id of request.scope === 'all' ? request.productIds : [request.scope]) {
        const r = this.memory.get(id);
        if (r) records.set(id, r);
      }
      const view = this.composeFiltered(request, visits, records, { complete: true, offline: false, failed: [] });
      return csvOf(view, request, names, companyName, metricLabel, sort);
    }
    const view = this.compose(
      request,
      request.scope === 'all' ? request.productIds : [request.scope],
      new Date(this.clock()),
      {
        complete: true,
        offline: false,
        failed: [],
      },
    );
    return csvOf(view, request, names, companyName, metricLabel, sort);
  }
}
