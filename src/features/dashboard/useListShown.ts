// What the open list of a dropdown shows, told as it changes: opened, searched, or scrolled (wheel, keys,
// scrollbar). The dashboard makes ahead the views of the products it shows (docs/dashboard.md).
import type { DropdownFilterEvent } from 'primereact/dropdown';
import { type UIEvent, useEffect, useMemo, useRef } from 'react';

/** Height of one option: PrimeReact's row in this theme, and the virtual scroller's item size. */
export const OPTION_HEIGHT = 38;
/** A scroll is told at most this often (its last position always): a fling crosses hundreds of options. */
const SCROLL_TELL_MS = 80;

/**
 * `filter`: what the search box holds ('' when the list opens). `first`: the index, among the options
 * matching it, of the first one in view; undefined when the list opens or is searched (it then starts at
 * the chosen option, or at the first match).
 */
export type ListShown = (filter: string, first?: number) => void;

export interface ListShownHandlers {
  onShow?: () => void;
  onFilter?: (e: DropdownFilterEvent) => void;
  onScroll?: (e: UIEvent<HTMLElement>) => void;
}

export function useListShown(onShown: ListShown | undefined): ListShownHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(() => {
    if (!onShown) return {};
    let filter = '';
    let told: number | undefined;
    let pending: number | undefined;
    const tell = () => {
      timer.current = undefined;
      if (pending === undefined || pending === told) return;
      told = pending;
      onShown(filter, told);
    };
    return {
      onShow: () => {
        filter = '';
        told = pending = undefined;
        onShown('');
      },
      onFilter: (e) => {
        filter = e.filter;
        told = pending = undefined;
        onShown(e.filter);
      },
      onScroll: (e) => {
        pending = Math.floor(e.currentTarget.scrollTop / OPTION_HEIGHT);
        if (timer.current === undefined) timer.current = setTimeout(tell, SCROLL_TELL_MS);
      },
    };
  }, [onShown]);
}
