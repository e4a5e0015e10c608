// Wraps every page: the "Aller au contenu" skip link (first stop of the keyboard, jumps past the sidebar
// to the page's <main>) and the document title of the deepest matched route.
import { type MouseEvent, useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';

import { documentTitle } from './pageTitles';

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.querySelector('main');
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
}

export function RootLayout() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)?.handle as
    { title?: string } | undefined;
  useEffect(() => {
    document.title = documentTitle(title?.title);
  }, [title?.title]);
  return (
    <>
      <a className="skip-link" href="#contenu" onClick={skipToContent}>
        Aller au contenu
      </a>
      <Outlet />
    </>
  );
}
