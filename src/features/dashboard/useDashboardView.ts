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
import { useStore } from 'jotai';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';

import type { ProductRef } from '../../domain/analytics/fields';
import type { Selection } from '../../domain/analytics/selection';
import { type DashboardView, SUPERSEDED, viewRequestOf } from '../../domain/analytics/view';
import { computeView } from './analyticsClient';
import { progressAtom, selectionAtom } from './atoms';

/** While the dashboard is visible, its figures are revalidated this often. */
export const REFRESH_EVERY_MS = 60_000;

/** 'refresh': the periodic revalidation, which keeps the figures on screen until the new ones arrive. */
type StartMode = 'select' | 'retry' | 'refresh';

export interface ViewState {
  view: DashboardView | null;
  loading: boolean;
  /** The stats load failed: the four figures are zero (docs/product.md §1.8). */
  failed: boolean;
  /** The view answers the current selection (cached or fresh), not a previous one. */
  current: boolean;
  /** Loads the failed products of the view again (the others as usual), then recomputes. */
  retry: () => void;
}

/** The products the page holds, and for which company. */
interface Products {
  companyId: number | null;
  productKey: string;
  loading: boolean;
  /** The company's reporting zone (its day, week, month and year edges). */
  timeZone: string;
}

/** What a view must answer: until a view for it arrives, the figures are not current (spinners). */
function viewKey(s: Selection, p: Products): string {
  return [
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
  const [state, setState] = useState<Omit<ViewState, 'current' | 'retry'> & { viewKey: string }>({
    view: null,
    loading: false,
    failed: false,
    viewKey: '',
  });
  const held: Products = {
    companyId: selection.companyId,
    productKey: products.map((p) => p.id).join(','),
    loading: productsLoading,
    timeZone,
  };
  const key = viewKey(selection, held);
  const latest = useRef(held);
  /** A view is being computed (the refresh waits for the next tick), and when the last one started. */
  const inFlight = useRef(false);
  const startedAt = useRef(0);

  /** Starts the view for (s, p) unless it is the one already started (or `retry`/'refresh' asks again). */
  // One function for the hook's life (a state initialiser, not a ref read while rendering).
  const [start] = useState(
    () =>
      (s: Selection, p: Products, retry?: number[], mode: StartMode = retry ? 'retry' : 'select') => {
        const k = viewKey(s, p);
        if (k === started.current && mode === 'select') return;
        started.current = k;
        const gen = ++generation.current;
        startedAt.current = Date.now();
        const silent = mode === 'refresh';
        // Clearing the company, or its products still loading: nothing to ask the worker.
        if (!silent) store.set(progressAtom, null);
        if (s.companyId === null || p.loading) {
          inFlight.current = false;
          setState({ view: null, loading: p.loading, failed: false, viewKey: k });
          return;
        }
        const productIds = p.productKey ? p.productKey.split(',').map(Number) : [];
        const current = () => gen === generation.current;
        if (!silent) setState((old) => ({ ...old, loading: true, failed: false }));
        inFlight.current = true;
        // Progress comes through its own Comlink port: a last step may arrive after the view's answer, and
        // must not bring the bar back once the view is finished (it would stay).
        let finished = false;
        const finish = (next: Omit<ViewState, 'current' | 'retry'>) => {
          finished = true;
          inFlight.current = false;
          if (!silent) store.set(progressAtom, null);
          setState({ ...next, viewKey: k });
        };
        computeView(
          {
            ...viewRequestOf(s, productIds, p.timeZone, gen),
            retry,
            companyId: s.companyId,
            refresh: silent,
          },
          (progress) => !silent && !finished && current() && store.set(progressAtom, progress),
          // A refresh keeps the complete figures on screen rather than showing the cached ones meanwhile.
          (view) => !silent && current() && setState((old) => ({ ...old, view, viewKey: k })),
        )
          .then((view) => current() && finish({ view, loading: false, failed: false }))
          .catch((err) => {
            if (!current() || (err as Error)?.name === SUPERSEDED) return;
            console.error('Error loading analytics', err);
            finish({ view: null, loading: false, failed: true });
          });
      },
  );

  // Every REFRESH_EVERY_MS while the page is visible, and at once when it becomes visible again after that
  // long: the current selection revalidated (a view still computing is left to finish).
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible' || inFlight.current || started.current === null) return;
      const s = store.get(selectionAtom);
      if (s.companyId !== null && s.companyId === latest.current.companyId && !latest.current.loading)
        start(s, latest.current, undefined, 'refresh');
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
  }, [store, start]);

  useLayoutEffect(() => {
    latest.current = held;
  });

  // From inside the click: the products held are those of the selection's company, so they still apply.
  useEffect(
    () =>
      store.sub(selectionAtom, () => {
        const s = store.get(selectionAtom);
        if (s.companyId === latest.current.companyId && !latest.current.loading) start(s, latest.current);
      }),
    [store, start],
  );

  // Everything else (first render, company change, products loaded): after the render, once per view key
  // (the key sums up the selection and the products held, which are new objects at every render).
  const startRendered = useEffectEvent(() => start(selection, held));
  useEffect(() => startRendered(), [key]);

  const { viewKey: shown, ...rest } = state;
  const failedIds = state.view?.failedProducts ?? [];
  // A load that failed as a whole retries everything; otherwise only the products that failed.
  const retry = () =>
    start(
      store.get(selectionAtom),
      latest.current,
      state.failed ? held.productKey.split(',').filter(Boolean).map(Number) : failedIds,
    );
  return { ...rest, current: shown === key, retry };
}
