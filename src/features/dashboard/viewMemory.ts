// The complete views this page received, by view key, for a short while: a switch back to a selection
// already computed draws it from inside the click, in the frame that follows the click, instead of
// waiting for the worker's answer, which then lands in the frame after (bench/notes.md, seventeenth pass).
// Only views of the worker's latest data are kept (DashboardView.dataVersion), and none for longer than
// the worker itself holds a product as checked: past that, the worker is asked as before.
import type { DashboardView } from '#domain/analytics/view';

/** As long as the worker takes a product's record as current without asking the server (nextVisit.ts). */
export const VIEW_MEMORY_MS = 30_000;
/**
 * Views kept at most (the oldest go first): a view and the 15 prepared beside it, three times over. A view
 * of 10 000 products holds ~240 KB of ranking columns: ~12 MB at most for the largest companies.
 */
export const VIEW_MEMORY_SIZE = 48;

interface Kept {
  view: DashboardView;
  at: number;
}

export class ViewMemory {
  private views = new Map<string, Kept>();
  private dataVersion: number | undefined;

  constructor(private clock: () => number = Date.now) {}

  /**
   * A view the worker answered or prepared. A view of newer data drops every view kept (their figures are
   * stale), one of older data (prepared before the change, arriving after) is ignored; only complete
   * views without failure or network loss are kept. A view stored at an earlier visit (`stored`, drawn
   * while that visit's 304 holds) is kept like the worker's answer: drawn, it is refreshed a second later
   * (useDashboardView's STORED_REFRESH_MS) for its "En direct". `at`: since when its figures are taken as
   * current (a product's view made ahead: when the worker last checked the product); now by default.
   */
  keep(key: string, view: DashboardView, at = this.clock()): void {
    if (view.dataVersion === undefined) return;
    if (this.dataVersion !== undefined && view.dataVersion < this.dataVersion) return;
    if (view.dataVersion !== this.dataVersion) {
      this.views.clear();
      this.dataVersion = view.dataVersion;
    }
    if (!view.complete || view.offline || view.failedProducts.length > 0) return;
    this.views.delete(key);
    this.views.set(key, { view, at });
    if (this.views.size > VIEW_MEMORY_SIZE) this.views.delete(this.views.keys().next().value!);
  }

  /** The keys of the views kept and recent enough, oldest first. */
  keys(): string[] {
    const now = this.clock();
    return [...this.views].filter(([, kept]) => now - kept.at <= VIEW_MEMORY_MS).map(([key]) => key);
  }

  /** The view kept for this key, if it is recent enough. */
  get(key: string): DashboardView | null {
    const kept = this.views.get(key);
    if (!kept) return null;
    if (this.clock() - kept.at > VIEW_MEMORY_MS) {
      this.views.delete(key);
      return null;
    }
    return kept.view;
  }
}

/**
 * Whether a view answered for the same selection shows what `kept` shows: the same data (so the same
 * figures, series and ranking), the same bucket in progress and the same "En direct" counts.
 */
export function sameFigures(kept: DashboardView, view: DashboardView): boolean {
  const [a, b] = [kept.live, view.live];
  return (
    view.dataVersion === kept.dataVersion &&
    view.complete === kept.complete &&
    view.offline === kept.offline &&
    view.failedProducts.length === kept.failedProducts.length &&
    view.series.partial === kept.series.partial &&
    a.sessions === b.sessions &&
    a.events === b.events &&
    a.steps.every((n, i) => n === b.steps[i])
  );
}
