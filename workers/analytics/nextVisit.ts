// The views kept for the next visit (storedViews.ts): each complete view is stored with the generation of
// the records it came from, and the views of its other metrics and periods beside it as they are prepared;
// after a repeat visit's 304 those are read back and drawn as they are while that 304 holds. The engine
// (engine.ts) decides when; this keeps what was stored and what may be drawn.
import { METRICS, type Period } from '#domain/analytics/selection';
import type { DashboardView, PreparedView, ViewRequest } from '#domain/analytics/view';

import { backgroundTask } from './background';
import { readStoredViews, storeView, storeViews, type ViewEntry } from './cache';
import { siblingRequests, storedCopy, storedViewKey } from './storedViews';

/** Within this delay a product checked once is not asked again (metric or period changes). */
export const REVALIDATE_AFTER_MS = 30_000;

/** What the engine tells about its records. */
export interface NextVisitSource {
  /** The generation of the stored records as the engine's memory knows it (cache.ts); null before any read. */
  generation(): number | null;
  /** False once a write failed: nothing more is stored. */
  writable(): boolean;
  /** The versions ETag a view of these products may be kept with (storedViews.ts versionsClaim). */
  claim(request: ViewRequest, ids: number[]): { companyId: number; etag: string } | null;
  /** The complete view of a selection, from the records in memory. */
  compose(request: ViewRequest, ids: number[], now: Date): DashboardView;
  /** The local day of an instant in the reporting zone. */
  today(now: Date): number;
  clock(): number;
}

export class NextVisitViews {
  /**
   * The views stored beside a stored view shown complete (siblingRequests), by key: drawn as they are while
   * that view's 304 holds (REVALIDATE_AFTER_MS) and no fresh record came since; `shown`: that view's key.
   */
  private ready: { checkedAt: number; views: Map<string, DashboardView>; shown: string } | null = null;
  private readyLoading: Promise<void> | null = null;
  /** "generation key" of the views stored for the next visit: a sibling already there is not written again. */
  private storedKeys = new Set<string>();

  constructor(private readonly source: NextVisitSource) {}

  /** Another memory (clear, another token): nothing stored is known any more. */
  forget(): void {
    this.drop();
    this.storedKeys.clear();
  }

  /** A fresh record came: the views stored beside the last stored one no longer tell its figures. */
  drop(): void {
    this.ready = this.readyLoading = null;
  }

  /** A view found stored for records of this generation: not written again. */
  markStored(generation: number, key: string): void {
    this.storedKeys.add(`${generation} ${key}`);
  }

  /**
   * Keeps a complete view for the next visit, with the versions ETag under which every product of the
   * company is current, when this view checked them all against it; with such a claim, the views of its
   * period for the other metrics go in the transaction right behind the view's (composed from the view's
   * own tallies once the view is committed, each also given to `onPrepared`; cache.ts storeView): a reload
   * right after a load then finds the metric changes too, where a transaction opened once the preparation
   * had counted came too late at 10 000 products (bench/notes.md, eighteenth and nineteenth passes).
   * Returns whether it took those views (else storeSiblings does).
   */
  store(
    key: string,
    view: DashboardView,
    request: ViewRequest,
    ids: number[],
    now: Date,
    current: () => boolean,
    onPrepared?: PreparedView,
  ): boolean {
    const generation = this.source.generation();
    if (!this.source.writable() || generation === null) return false;
    const claim = this.source.claim(request, ids);
    const beside = claim ? this.siblings(request, ids, now, request.period, generation, current, onPrepared) : null;
    let entries: ViewEntry[] = [];
    void storeView(
      key,
      storedCopy(view),
      generation,
      claim,
      this.source.clock(),
      beside ? () => (entries = beside.composeAll()) : undefined,
    ).then(
      () => [{ key }, ...entries].forEach((e) => this.markStored(generation, e.key)),
      () => undefined,
    );
    return beside !== null;
  }

  /**
   * Once one of a view's periods is prepared (engine.ts prepare): the views of that period for the other
   * metrics, one composed per background task from the tallies just made, then stored in one transaction,
   * under the same conditions as the view (every product current under the company's versions ETag). Those
   * already stored for these records are not written again. Period by period, so that a reload soon after
   * finds the periods counted by then even where the others take seconds to count. Each view composed also
   * goes to `onPrepared` (the page keeps it to draw it at once if asked), stored or not: a product's view, a
   * company whose products changed meanwhile or a server without the versions route have no claim to store
   * them, and their switches are drawn from the page all the same.
   */
  storeSiblings(
    request: ViewRequest,
    ids: number[],
    now: Date,
    period: Period,
    current: () => boolean,
    onPrepared?: PreparedView,
  ): void {
    const generation = this.source.generation();
    const claim = this.source.writable() && generation !== null ? this.source.claim(request, ids) : null;
    if (!claim && !onPrepared) return;
    const beside = this.siblings(request, ids, now, period, claim ? generation : null, current, onPrepared);
    const step = () => {
      if (beside.composeNext()) return backgroundTask(step);
      // Nothing stored once another view or memory took over: after a clear, a write would bring the
      // database back.
      if (!current()) return;
      if (claim && generation !== null && beside.entries.length)
        storeViews(beside.entries, generation, claim, this.source.clock()).then(
          () => beside.entries.forEach(({ key }) => this.markStored(generation, key)),
          () => undefined,
        );
    };
    if (beside.todo) backgroundTask(step);
  }

  /**
   * The views of `period` for the other metrics than the request's, composed one by one while `current`
   * and the records are those of when it began; each given to `onPrepared` as it is made. `entries` holds
   * those to store: not the ones already stored for the records of `generation` (null: none is stored),
   * which are still made for `onPrepared`. The page keeps a view only for the selection it asked last and
   * for a while (src/features/dashboard/viewMemory.ts): a selection drawn again, or asked while the views
   * beside the previous one were on their way to the page, needs them given again.
   */
  private siblings(
    request: ViewRequest,
    ids: number[],
    now: Date,
    period: Period,
    generation: number | null,
    current: () => boolean,
    onPrepared?: PreparedView,
  ) {
    const began = this.source.generation();
    const today = this.source.today(now);
    const todo = siblingRequests(request)
      .filter((r) => r.period === period)
      .map((r) => {
        const key = storedViewKey(r, today);
        return { r, key, stored: generation !== null && this.storedKeys.has(`${generation} ${key}`) };
      })
      .filter((s) => onPrepared || !s.stored);
    const entries: ViewEntry[] = [];
    let made = 0;
    /** Composes the next view; false once all are made or no longer wanted. */
    const composeNext = () => {
      const next = todo[made];
      if (!next || !current() || began !== this.source.generation()) return false;
      made++;
      const view = this.source.compose(next.r, ids, now);
      if (!next.stored) entries.push({ key: next.key, view });
      if (onPrepared) void Promise.resolve(onPrepared(next.r.metric, next.r.period, view)).catch(() => undefined);
      return true;
    };
    return {
      todo: todo.length,
      entries,
      composeNext,
      composeAll: () => {
        while (composeNext());
        return entries;
      },
    };
  }

  /**
   * After a stored view was shown complete: the views stored beside it, read back first (see ready), each
   * also given to `onPrepared` as the worker would answer it (the page draws it at once if asked).
   */
  readSiblings(
    request: ViewRequest,
    now: Date,
    generation: number,
    checkedAt: number,
    current: () => boolean,
    onPrepared?: PreparedView,
  ): void {
    const today = this.source.today(now);
    const siblings = siblingRequests(request).map((r) => ({ r, key: storedViewKey(r, today) }));
    const shown = storedViewKey(request, today);
    const loading = readStoredViews(siblings.map(({ key }) => key))
      .then((views) => {
        // Not after a fresh record came meanwhile (it dropped this read) nor after another memory.
        if (this.readyLoading !== loading || !current() || generation !== this.source.generation()) return;
        this.ready = { checkedAt, views, shown };
        views.forEach((_, key) => this.markStored(generation, key));
        if (onPrepared)
          for (const { r, key } of siblings) {
            const view = views.get(key);
            // Cloned by Comlink on its way (not transferred): no copy of its arrays needed here.
            if (view)
              void Promise.resolve(onPrepared(r.metric, r.period, { ...view, complete: true, stored: true })).catch(
                () => undefined,
              );
          }
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.readyLoading === loading) this.readyLoading = null;
      });
    this.readyLoading = loading;
  }

  /**
   * Whether every metric's view of this period is the stored view shown or one read back beside it (see
   * ready): its passes can wait, those of the selections without a view cannot (engine.ts prepare).
   */
  covers(request: ViewRequest, period: Period, now: Date): boolean {
    // Past their time they are not drawn: nothing is covered, and no key is made (10 000 ids hashed each).
    const ready = this.holding();
    if (!ready) return false;
    const { views, shown } = ready;
    const today = this.source.today(now);
    return METRICS.every((metric) => {
      const key = storedViewKey({ ...request, period, metric }, today);
      return key === shown || views.has(key);
    });
  }

  /** Once the views stored beside the last stored one are read back, if they are being read. */
  async siblingsRead(): Promise<void> {
    if (this.readyLoading) await this.readyLoading;
  }

  /** The views read back beside the last stored one, while they may be drawn as they are (see ready). */
  private holding() {
    return this.ready && this.source.clock() - this.ready.checkedAt <= REVALIDATE_AFTER_MS ? this.ready : null;
  }

  /** The view of this selection stored beside the last stored one, while it holds (see ready). */
  async readyView(key: string, request: ViewRequest): Promise<DashboardView | null> {
    if (request.refresh || request.retry?.length) return null;
    await this.siblingsRead();
    const view = this.holding()?.views.get(key);
    if (!view) return null;
    // A copy: the view's arrays are transferred to the page, and the same one may be asked again.
    return { ...readyCopy(view), generation: request.generation };
  }
}

/** A view read back beside the stored one, as it is drawn: complete, from an earlier visit. */
function readyCopy(view: DashboardView): DashboardView {
  return { ...storedCopy(view), complete: true, stored: true };
}
