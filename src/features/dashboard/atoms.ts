// The dashboard selections as Jotai atoms (docs/product.md §1.4), seeded from the URL so a view survives a
// reload and can be bookmarked; DashboardPage writes them back to the URL. One writer, updateSelectionAtom:
// every change is clamped (docs/architecture.md, "Data flow of a dashboard selection").
import { type Atom, atom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';

import type { YearMonth } from '#domain/analytics/retention';
import { clampSelection, localNow, type Scope, type Selection, selectionFromParams } from '#domain/analytics/selection';
import type { Progress } from '#domain/analytics/view';

/** The URL's selection, read once: when the dashboard first reads the selection (its mount). */
const storedSelectionAtom = atomWithLazy<Selection>(() =>
  selectionFromParams(new URLSearchParams(globalThis.location?.search ?? ''), localNow()),
);

/** The selection, read-only: written through updateSelectionAtom alone. */
export const selectionAtom = atom((get) => get(storedSelectionAtom));

/** The oldest month of events the server keeps (useOldestMonth.ts); null until known. */
export const oldestMonthAtom = atom<YearMonth | null>(null);

/** Records the oldest month kept and moves a selection older than it (a bookmark) to it. */
export const setOldestMonthAtom = atom(null, (get, set, oldest: YearMonth) => {
  const known = get(oldestMonthAtom);
  if (known?.year === oldest.year && known.month === oldest.month) return;
  set(oldestMonthAtom, oldest);
  set(storedSelectionAtom, clampSelection(get(storedSelectionAtom), localNow(), oldest));
});

/**
 * The one writer: changes some selections (a patch, or one made from the current selection); month and week
 * stay within what the year and month allow.
 */
export const updateSelectionAtom = atom(
  null,
  (get, set, change: Partial<Selection> | ((current: Selection) => Partial<Selection>)) => {
    const current = get(storedSelectionAtom);
    const patch = typeof change === 'function' ? change(current) : change;
    set(storedSelectionAtom, clampSelection({ ...current, ...patch }, localNow(), get(oldestMonthAtom)));
  },
);

/** Changing the company resets the scope to all products. */
export const chooseCompanyAtom = atom(null, (get, set, companyId: number | null) => {
  if (get(selectionAtom).companyId === companyId) return;
  set(updateSelectionAtom, { companyId, scope: 'all' as Scope });
});

/** The running load's progress (products checked / to check), null when none runs: see DashboardProgress. */
export const progressAtom = atom<Progress | null>(null);

/**
 * One selection field as its own atom: a control reading it re-renders when that field changes, not at
 * every switch (a switch must cost one frame: docs/performance.md, "Dashboard at scale").
 */
const fieldAtoms = new Map<keyof Selection, Atom<unknown>>();
export function selectionFieldAtom<K extends keyof Selection>(key: K): Atom<Selection[K]> {
  let a = fieldAtoms.get(key);
  if (!a) fieldAtoms.set(key, (a = atom((get) => get(selectionAtom)[key])));
  return a as Atom<Selection[K]>;
}
