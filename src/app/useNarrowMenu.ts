// Narrow screens (below 1024 px, src/styles.css): the sidebar opens over the page from the top bar's "Menu"
// (src/app/TopBar.tsx). Opening it moves focus to its first link; following a link, Escape or a click
// beside it closes it, and focus goes back to "Menu".
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { SIDEBAR_ID } from './TopBar';

export function useNarrowMenu() {
  const frameRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // The page the menu was opened on: following a link (another pathname) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  useEffect(() => {
    if (open) frameRef.current?.querySelector<HTMLElement>(`#${SIDEBAR_ID} a`)?.focus();
  }, [open]);
  const close = () => {
    setOpenOn(null);
    frameRef.current?.querySelector<HTMLElement>('.menu-button')?.focus();
  };
  return {
    open,
    frameRef,
    close,
    toggle: () => (open ? close() : setOpenOn(pathname)),
    onKeyDown: (e: KeyboardEvent) => {
      if (open && e.key === 'Escape') close();
    },
  };
}
