// Sends the selection to the analytics worker and keeps the latest view. A newer selection supersedes an
// older one (generation numbers); cached figures come first, fresh ones after revalidation.
//
// A change of metric, counting, period or scope reaches the worker from inside the click: the hook
// subscribes to the selection atom, whose subscribers run as soon as it is set, before React renders the
// page. The worker computes while the main thread renders the new controls (docs/product.md's "switch" is then the
// longer of the two, not their sum). A company change waits for the company's products (the effect).
import { useStore } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ProductRef } from '../../domain/analytics/fields';
import type { Selection } from '../../domain/analytics/selection';
import { SUPERSEDED, type DashboardView } from '../../domain/analytics/view';
import { computeView } from './analyticsClient';
import { progressAtom, selectionAtom } from './atoms';

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
  return [s.companyId, p.productKey, p.loading, p.timeZone, s.scope, s.metric, s.counting, s.period, s.year, s.month, s.week, s.from, s.to, s.compare].join('/');
}

export function useDashboardView(selection: Selection, products: ProductRef[], productsLoading: boolean, timeZone: string): ViewState {
  const store = useStore();
  const generation = useRef(0);
  const started = useRef<string | null>(null);
  const [state, setState] = useState<Omit<ViewState, 'current' | 'retry'> & { viewKey: string }>({ view: null, loading: false, failed: false, viewKey: '' });
  const held: Products = { companyId: selection.companyId, productKey: products.map((p) => p.id).join(','), loading: productsLoading, timeZone };
  const key = viewKey(selection, held);
  const latest = useRef(held);

  /** Starts the view for (s, p) unless it is the one already started (or `retry` asks some products again). */
  const start = useRef((s: Selection, p: Products, retry?: number[]) => {
    const k = viewKey(s, p);
    if (k === started.current && !retry) return;
    started.current = k;
    const gen = ++generation.current;
    // Clearing the company, or its products still loading: nothing to ask the worker.
    store.set(progressAtom, null);
    if (s.companyId === null || p.loading) {
      setState({ view: null, loading: p.loading, failed: false, viewKey: k });
      return;
    }
    const productIds = p.productKey ? p.productKey.split(',').map(Number) : [];
    const current = () => gen === generation.current;
    setState((old) => ({ ...old, loading: true, failed: false }));
    const finish = (next: Omit<ViewState, 'current' | 'retry'>) => {
      store.set(progressAtom, null);
      setState({ ...next, viewKey: k });
    };
    const { scope, metric, counting, period, year, month, week, from, to, compare } = s;
    computeView(
      { generation: gen, productIds, scope, metric, counting, period, year, month, week, from, to, compare, timeZone: p.timeZone, retry },
      (progress) => current() && store.set(progressAtom, progress),
      (view) => current() && setState((old) => ({ ...old, view, viewKey: k })),
    )
      .then((view) => current() && finish({ view, loading: false, failed: false }))
      .catch((err) => {
        if (!current() || (err as Error)?.name === SUPERSEDED) return;
        console.error('Error loading analytics', err);
        finish({ view: null, loading: false, failed: true });
      });
  }).current;

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

  // Everything else (first render, company change, products loaded): after the render.
  useEffect(() => start(selection, held), [key]); // eslint-disable-line react-hooks/exhaustive-deps

  const { viewKey: shown, ...rest } = state;
  const failedIds = state.view?.failedProducts ?? [];
  // A load that failed as a whole retries everything; otherwise only the products that failed.
  const retry = () => start(store.get(selectionAtom), latest.current, state.failed ? held.productKey.split(',').filter(Boolean).map(Number) : failedIds);
  return { ...rest, current: shown === key, retry };
}
