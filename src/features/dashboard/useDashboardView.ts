// Sends the selection to the analytics worker and keeps the latest view. A newer selection supersedes an
// older one (generation numbers); cached figures come first, fresh ones after revalidation.
//
// A change of metric, counting, period or scope reaches the worker from inside the click: the hook
// subscribes to the selection atom, whose subscribers run as soon as it is set, before React renders the
// page. The worker computes while the main thread renders the new controls (docs/product.md's "switch" is then the
// longer of the two, not their sum). A company change waits for the company's products (the effect).
//
// While the page is visible the view is revalidated every REFRESH_EVERY_MS, silently (no spinner, no
// progress): the worker asks one versions call and fetches only the products that changed, so new events
// (and "En direct") appear without a reload (docs/dashboard.md "En direct").
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';

import type { ProductRef } from '#domain/analytics/fields';
import type { InsightFilters } from '#domain/analytics/insightsView';
import { type Selection, selectionToParams } from '#domain/analytics/selection';
import { type DashboardView, SUPERSEDED, viewRequestOf } from '#domain/analytics/view';

import { computeView, prepareScopes } from './analyticsClient';
import { progressAtom, selectionAtom } from './atoms';
import { filtersAtom } from './insight/filterAtoms';
import { sameFigures, ViewMemory } from './viewMemory';

/** While the dashboard is visible, its figures are revalidated this often. */
export const REFRESH_EVERY_MS = 60_000;

/**
 * A switch within the same company keeps the figures on screen, marked busy (aria-busy), and shows the
 * spinners only if the new ones take longer than this: most switches answer within a frame, and painting
 * spinners for a few ms cost a frame of its own (docs/dashboard.md, "Changement de sélection").
 */
export const SPINNER_DELAY_MS = 150;

/**
 * A view taken as stored from an earlier visit (nothing changed since) has that visit's "En direct": it is
 * recomputed this soon after, silently, once the worker has read the events back.
 */
export const STORED_REFRESH_MS = 1_000;

/**
 * 'refresh': the periodic revalidation, which keeps the figures on screen until the new ones arrive.
 * 'confirm': a view drawn from the page's memory (viewMemory.ts) asked again of the worker, silently: its
 * "En direct" and the worker's next passes follow the selection on screen.
 */
type StartMode = 'select' | 'retry' | 'refresh' | 'confirm';

export interface ViewState {
  view: DashboardView | null;
  loading: boolean;
  /** The stats load failed: the four figures are zero (docs/product.md §1.8). */
  failed: boolean;
  /** The view answers the current selection (cached or fresh), not a previous one. */
  current: boolean;
  /** Not current and worth a spinner: another company or set of products, or waiting past SPINNER_DELAY_MS. */
  slow: boolean;
  /** Loads the failed products of the view again (the others as usual), then recomputes. */
  retry: () => void;
  /**
   * These products are shown in the list of scopes: their views for the selection on screen are made
   * ahead and kept (viewMemory.ts), so the click on one draws it at once. Stable across renders.
   */
  prepareScopes: (ids: number[]) => void;
}

/** The products the page holds, and for which company. */
interface Products {
  companyId: number | null;
  productIds: number[];
  /** Names the list cheaply (a company may have 10 000 products): a new list, a new key. */
  productKey: string;
  loading: boolean;
  /** The company's reporting zone (its day, week, month and year edges). */
  timeZone: string;
}

/** A short key per list of product ids: its length and its serial number (a new array, a new serial). */
const listKeys = new WeakMap<number[], string>();
let listSerial = 0;
function listKey(ids: number[]): string {
  let k = listKeys.get(ids);
  if (k === undefined) listKeys.set(ids, (k = `${ids.length}#${++listSerial}`));
  return k;
}

/** Whether any of the dashboard's filters is set (docs/dashboard.md "Filters"). */
export const filtered = (f: InsightFilters): boolean => Object.values(f).some((v) => v !== null);

/**
 * What a view must answer: until a view for it arrives, the figures are not current (spinners). The
 * filters, when one is set, are part of it: a filtered view is never drawn for the unfiltered selection.
 */
function viewKey(s: Selection, p: Products, f: InsightFilters): string {
  const key = [
    s.companyId,
    p.productKey,
    p.loading,
    p.timeZone,
    s.scope,
    s.metric,
    s.counting,
    s.period,
    s.year,
    s.month,
    s.week,
    s.from,
    s.to,
    s.compare,
  ].join('/');
  return filtered(f) ? `${key}/${JSON.stringify(f)}` : key;
}

export function useDashboardView(
  selection: Selection,
  products: ProductRef[],
  productsLoading: boolean,
  timeZone: string,
): ViewState {
  const store = useStore();
  const generation = useRef(0);
  const started = useRef<string | null>(null);
  const [state, setState] = useState<Omit<ViewState, 'current' | 'retry' | 'prepareScopes'> & { viewKey: string }>({
    view: null,
    loading: false,
    failed: false,
    slow: false,
    viewKey: '',
  });
  const productIds = useMemo(() => products.map((p) => p.id), [products]);
  const held: Products = {
    companyId: selection.companyId,
    productIds,
    productKey: listKey(productIds),
    loading: productsLoading,
    timeZone,
  };
  const filters = useAtomValue(filtersAtom);
  const key = viewKey(selection, held, filters);
  const latest = useRef(held);
  /** A view is being computed (the refresh waits for the next tick), and when the last one started. */
  const inFlight = useRef(false);
  const startedAt = useRef(0);
  /** The company and products of the last view started, and the timer that brings the spinners. */
  const startedFor = useRef<string | null>(null);
  const slowTimer = useRef(0);
  const [memory] = useState(() => new ViewMemory());
  /**
   * Keeps a view in the page's memory and says on the page which selections it can now draw from inside a
   * click (data-kept on .dashboard, each as data-drawn-for spells it): the end-to-end tests wait for the
   * view they will switch to rather than for a fixed while, which a loaded machine outlasts
   * (tests/e2e/dashboard-switch.test.ts). Written on the element directly: not a render.
   */
  const [keep] = useState(() => {
    const named = new Map<string, string>();
    return (key: string, s: Selection, view: DashboardView, at?: number) => {
      memory.keep(key, view, at);
      named.set(key, selectionToParams(s).toString());
      const keys = memory.keys();
      for (const k of named.keys()) if (!keys.includes(k)) named.delete(k);
      document
        .querySelector('.dashboard')
        ?.setAttribute('data-kept', keys.flatMap((k) => named.get(k) ?? []).join(' '));
    };
  });

  /** Starts the view for (s, p) unless it is the one already started (or `retry`/'refresh' asks again). */
  // One function for the hook's life (a state initialiser, not a ref read while rendering).
  const [start] = useState(
    () =>
      (s: Selection, p: Products, retry?: number[], asked: StartMode = retry ? 'retry' : 'select') => {
        const f = store.get(filtersAtom);
        const k = viewKey(s, p, f);
        if (k === started.current && asked === 'select') return;
        // A selection computed a moment ago: drawn now, from inside the click (one render, one frame).
        const kept = asked === 'select' && !p.loading ? memory.get(k) : null;
        const mode: StartMode = kept ? 'confirm' : asked;
        started.current = k;
        window.clearTimeout(slowTimer.current);
        const products = `${s.companyId}/${p.productKey}`;
        const sameProducts = startedFor.current === products;
        startedFor.current = products;
        const gen = ++generation.current;
        startedAt.current = Date.now();
        const silent = mode === 'refresh' || mode === 'confirm';
        // Clearing the company, or its products still loading: nothing to ask the worker.
        if (mode !== 'refresh') store.set(progressAtom, null);
        if (s.companyId === null || p.loading) {
          inFlight.current = false;
          setState({ view: null, loading: p.loading, failed: false, slow: false, viewKey: k });
          return;
        }
        const productIds = p.productIds;
        const current = () => gen === generation.current;
        if (kept) setState({ view: kept, loading: false, failed: false, slow: false, viewKey: k });
        else if (!silent) {
          // Another company or set of products: the figures on screen are not this selection's at all.
          setState((old) => ({ ...old, loading: true, failed: false, slow: !sameProducts || !old.view }));
          if (sameProducts)
            slowTimer.current = window.setTimeout(
              () => current() && setState((old) => ({ ...old, slow: true })),
              SPINNER_DELAY_MS,
            );
        }
        inFlight.current = true;
        // Progress comes through its own Comlink port: a last step may arrive after the view's answer, and
        // must not bring the bar back once the view is finished (it would stay).
        let finished = false;
        const finish = (next: Omit<ViewState, 'current' | 'retry' | 'slow' | 'prepareScopes'>) => {
          finished = true;
          inFlight.current = false;
          if (!silent) {
            window.clearTimeout(slowTimer.current);
            store.set(progressAtom, null);
          }
          if (next.view) keep(k, s, next.view);
          // The worker confirms the figures drawn from the memory: nothing to draw again.
          if (kept && next.view && sameFigures(kept, next.view)) return;
          setState({ ...next, slow: false, viewKey: k });
        };
        const ask = () =>
          computeView(
            {
              ...viewRequestOf(s, productIds, p.timeZone, gen, f),
              retry,
              companyId: s.companyId,
              refresh: mode === 'refresh',
            },
            (progress) => !silent && !finished && current() && store.set(progressAtom, progress),
            // A refresh keeps the complete figures on screen rather than showing the cached ones meanwhile.
            (view) => !silent && current() && setState((old) => ({ ...old, view, viewKey: k })),
            // The views the worker prepares beside this one: kept, while this selection is the latest asked.
            (metric, period, view) =>
              current() && keep(viewKey({ ...s, metric, period }, p, f), { ...s, metric, period }, view),
          )
            .then((view) => current() && finish({ view, loading: false, failed: false }))
            .catch((err) => {
              if (!current() || (err as Error)?.name === SUPERSEDED) return;
              console.error('Error loading analytics', err);
              finish({ view: null, loading: false, failed: true });
            });
        // Drawn from the memory: the worker is asked once the frame is painted (the click's task stays short).
        if (kept) requestAnimationFrame(() => setTimeout(() => current() && void ask()));
        else void ask();
      },
  );

  /**
   * The one start path outside the render: the selection in the store with the products held, when they
   * are that company's and loaded (a company change waits for its products: the render's start below).
   */
  const [startLatest] = useState(() => (asked: StartMode = 'select', retry?: number[]) => {
    const s = store.get(selectionAtom);
    const p = latest.current;
    if (asked === 'retry') return start(s, p, retry);
    if (s.companyId === p.companyId && !p.loading && (asked !== 'refresh' || s.companyId !== null))
      start(s, p, retry, asked);
  });

  const [prepare] = useState(() => (ids: number[]) => {
    const s = store.get(selectionAtom);
    const p = latest.current;
    // Products' views made ahead are unfiltered (the worker's prepareScopes): none while filtered.
    if (s.companyId === null || s.companyId !== p.companyId || p.loading || filtered(store.get(filtersAtom))) return;
    const f = store.get(filtersAtom);
    const gen = generation.current;
    const wanted = ids.filter((id) => id !== s.scope && !memory.get(viewKey({ ...s, scope: id }, p, f)));
    if (!wanted.length) return;
    prepareScopes(
      { ...viewRequestOf(s, p.productIds, p.timeZone, gen), companyId: s.companyId },
      wanted,
      (scope, view, checkedAt) =>
        gen === generation.current && keep(viewKey({ ...s, scope }, p, f), { ...s, scope }, view, checkedAt),
    );
  });

  // Every REFRESH_EVERY_MS while the page is visible, and at once when it becomes visible again after that
  // long: the current selection revalidated (a view still computing is left to finish).
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible' || inFlight.current || started.current === null) return;
      startLatest('refresh');
    };
    const timer = window.setInterval(refresh, REFRESH_EVERY_MS);
    const onVisible = () => {
      if (Date.now() - startedAt.current >= REFRESH_EVERY_MS) refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [startLatest]);

  useLayoutEffect(() => {
    latest.current = held;
  });

  // A stored view: its "En direct" is brought up to date (see STORED_REFRESH_MS).
  useEffect(() => {
    if (!state.view?.stored) return;
    const timer = window.setTimeout(() => !inFlight.current && startLatest('refresh'), STORED_REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [state.view, startLatest]);

  // From inside the click: the products held are those of the selection's company, so they still apply.
  useEffect(() => store.sub(selectionAtom, () => startLatest()), [store, startLatest]);
  // A filter change asks the worker again, as a selection change does: every figure follows the filters.
  useEffect(() => store.sub(filtersAtom, () => startLatest()), [store, startLatest]);

  // Everything else (first render, company change, products loaded): after the render, once per view key
  // (the key sums up the selection and the products held, which are new objects at every render).
  const startRendered = useEffectEvent(() => start(selection, held));
  useEffect(() => startRendered(), [key]);

  const { viewKey: shown, ...rest } = state;
  const failedIds = state.view?.failedProducts ?? [];
  // A load that failed as a whole retries everything; otherwise only the products that failed.
  const retry = () => startLatest('retry', state.failed ? held.productIds : failedIds);
  return { ...rest, current: shown === key, retry, prepareScopes: prepare };
}
