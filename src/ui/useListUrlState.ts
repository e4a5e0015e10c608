// A list page's search, sort and page, kept in the URL (src/ui/listUrlState.ts) so that Back returns to the
// same list. The search box keeps its own text while typing (the router applies a URL change in a
// transition: a field bound to it would lag behind the keys) and writes it with replace, one history entry
// per list, not per key; a sort or a page is an entry of its own. Back or Forward within the page reads
// the text again from the URL.
import { useMemo, useState } from 'react';
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';

import { type ListDefaults, type ListSort, type ListState, listStateParams, parseListState } from './listUrlState';

export function useListUrlState(defaults: ListDefaults) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const state = useMemo(() => parseListState(params, defaults), [params, defaults]);
  const [search, setSearchText] = useState(state.q);
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    if (navigationType === NavigationType.Pop) setSearchText(state.q);
  }

  const write = (patch: Partial<ListState>, replace = false) =>
    setParams((current) => listStateParams({ ...parseListState(current, defaults), ...patch }, defaults, current), {
      replace,
    });

  return {
    ...state,
    search,
    /** A new search shows its first page. */
    setSearch: (q: string) => {
      setSearchText(q);
      write({ q, page: 1 }, true);
    },
    /** A new order shows its first page. */
    setSort: (sort: ListSort | null) => write({ sort, page: 1 }),
    setPage: (page: number, rows: number) => write({ page, rows }),
  };
}
