// The state of a list page in its URL query (docs/architecture.md, "List pages"): search `q`, sort field
// `tri` and order `ordre` (asc / desc), 1-based page `page` and page size `lignes`. Defaults are left out
// of the URL; a value the list does not know (a typed or stale link) falls back to its default.

export type SortOrder = 'asc' | 'desc';

export interface ListSort {
  field: string;
  order: SortOrder;
}

export interface ListState {
  q: string;
  sort: ListSort | null;
  page: number;
  rows: number;
}

export interface ListDefaults {
  /** The fields a user may sort by (the sortable columns). */
  sortFields: readonly string[];
  /** The order shown when the URL names none; null: the rows' own order. */
  sort: ListSort | null;
  /** Page sizes offered; the first is the default. */
  rowsOptions: readonly number[];
}

const PARAMS = ['q', 'tri', 'ordre', 'page', 'lignes'] as const;

const positiveInt = (raw: string | null) => (raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null);

export function parseListState(params: URLSearchParams, defaults: ListDefaults): ListState {
  const field = params.get('tri');
  const ordre = params.get('ordre');
  const sort: ListSort | null =
    field && defaults.sortFields.includes(field) ? { field, order: ordre === 'desc' ? 'desc' : 'asc' } : null;
  const rows = positiveInt(params.get('lignes'));
  return {
    q: params.get('q') ?? '',
    sort: sort ?? defaults.sort,
    page: positiveInt(params.get('page')) ?? 1,
    rows: rows !== null && defaults.rowsOptions.includes(rows) ? rows : defaults.rowsOptions[0],
  };
}

const sameSort = (a: ListSort | null, b: ListSort | null) =>
  a === b || (!!a && !!b && a.field === b.field && a.order === b.order);

/** `base` with the list's parameters replaced by `state`'s, those at their default left out. */
export function listStateParams(state: ListState, defaults: ListDefaults, base = new URLSearchParams()) {
  const next = new URLSearchParams(base);
  for (const name of PARAMS) next.delete(name);
  if (state.q) next.set('q', state.q);
  if (!sameSort(state.sort, defaults.sort)) {
    // No sort where the list has a default one cannot be said in the URL: the default comes back.
    if (state.sort) {
      next.set('tri', state.sort.field);
      next.set('ordre', state.sort.order);
    }
  }
  if (state.page > 1) next.set('page', String(state.page));
  if (state.rows !== defaults.rowsOptions[0]) next.set('lignes', String(state.rows));
  return next;
}
