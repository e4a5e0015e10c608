// Sends the selection to the analytics worker and keeps the latest view. A newer selection supersedes an
// older one (generation numbers); cached figures come first, fresh ones after revalidation.
import { useEffect, useRef, useState } from 'react';
import type { ProductRef } from '../../domain/analytics/fields';
import type { Selection } from '../../domain/analytics/selection';
import { SUPERSEDED, type DashboardView, type Progress } from '../../domain/analytics/view';
import { computeView } from './analyticsClient';

export interface ViewState {
  view: DashboardView | null;
  loading: boolean;
  progress: Progress | null;
  /** The stats load failed: the four figures are zero (spec 1 section 8). */
  failed: boolean;
  /** The view answers the current selection (cached or fresh), not a previous one. */
  current: boolean;
}

export function useDashboardView(selection: Selection, products: ProductRef[], productsLoading: boolean): ViewState {
  const generation = useRef(0);
  const [state, setState] = useState<Omit<ViewState, 'current'> & { viewKey: string }>({ view: null, loading: false, progress: null, failed: false, viewKey: '' });
  const productKey = products.map((p) => p.id).join(',');
  const { companyId, scope, metric, counting, period, year, month, week } = selection;
  // What the view must answer: until a view for it arrives, the figures are not current (spinners).
  const key = [companyId, productKey, productsLoading, scope, metric, counting, period, year, month, week].join('/');

  useEffect(() => {
    const gen = ++generation.current;
    // Clearing the company, or a company without products: nothing to ask the worker.
    if (companyId === null || productsLoading) {
      setState({ view: null, loading: productsLoading, progress: null, failed: false, viewKey: key });
      return;
    }
    const productIds = productKey ? productKey.split(',').map(Number) : [];
    const current = () => gen === generation.current;
    setState((s) => ({ ...s, loading: true, progress: null, failed: false }));
    computeView(
      { generation: gen, productIds, scope, metric, counting, period, year, month, week },
      (progress) => current() && setState((s) => ({ ...s, progress })),
      (view) => current() && setState((s) => ({ ...s, view, viewKey: key })),
    )
      .then((view) => current() && setState({ view, loading: false, progress: null, failed: false, viewKey: key }))
      .catch((err) => {
        if (!current() || (err as Error)?.name === SUPERSEDED) return;
        console.error('Error loading analytics', err);
        setState({ view: null, loading: false, progress: null, failed: true, viewKey: key });
      });
  }, [companyId, productKey, productsLoading, scope, metric, counting, period, year, month, week]);

  const { viewKey, ...rest } = state;
  return { ...rest, current: viewKey === key };
}
