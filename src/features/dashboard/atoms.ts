// The dashboard selections as Jotai atoms (docs/product.md §1.4), seeded from the URL so a view survives a
// reload and can be bookmarked; DashboardPage writes them back to the URL.
import { atom } from 'jotai';

import {
  clampSelection,
  localNow,
  type Scope,
  type Selection,
  selectionFromParams,
} from '../../domain/analytics/selection';
import type { Progress } from '../../domain/analytics/view';

export const selectionAtom = atom<Selection>(
  selectionFromParams(new URLSearchParams(globalThis.location?.search ?? ''), localNow()),
);

/** Changes some selections; month and week stay within what the year and month allow. */
export const updateSelectionAtom = atom(null, (get, set, patch: Partial<Selection>) => {
  set(selectionAtom, clampSelection({ ...get(selectionAtom), ...patch }, localNow()));
});

/** Changing the company resets the scope to all products. */
export const chooseCompanyAtom = atom(null, (get, set, companyId: number | null) => {
  if (get(selectionAtom).companyId === companyId) return;
  set(selectionAtom, { ...get(selectionAtom), companyId, scope: 'all' as Scope });
});

/** The running load's progress (products checked / to check), null when none runs: see DashboardProgress. */
export const progressAtom = atom<Progress | null>(null);
