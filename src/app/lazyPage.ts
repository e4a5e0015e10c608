// A signed-in page as a route's `Component` loaded on its first render (React's `lazy`), not as the route's
// `lazy`: React Router renders no route until every matched route's `lazy` module has loaded, so the frame
// (itself a `lazy` route, router.tsx) waited for the page's chunk, and a slow host showed a white page and a
// spinner until both appeared at once (docs/performance.md, "The frame before the page"). Now the frame
// renders once its own chunk is there, the page under the frame's `Suspense`; a page chunk that fails to
// load throws in that render and reaches the same error element as before.
import { type ComponentType, createElement, lazy } from 'react';
import type { Location, RouteObject } from 'react-router-dom';
import { matchRoutes } from 'react-router-dom';

interface PageHandle {
  /** Starts loading the page's chunk (the module import, cached by the browser). */
  preload?: () => Promise<unknown>;
}

/** The route fields of a page whose component `load` resolves to. */
export function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'Component' | 'handle'> {
  const Page = lazy(async () => ({ default: await load() }));
  return { Component: () => createElement(Page), handle: { preload: load } satisfies PageHandle };
}

/** Starts loading the chunks of the pages `location` matches, before the frame renders them. */
export function preloadPages(routes: RouteObject[], location: Pick<Location, 'pathname'>): void {
  for (const m of matchRoutes(routes, location) ?? [])
    // A chunk that fails to load is said by the page's render, which asks for it again (PageLoadError).
    (m.route.handle as PageHandle | undefined)?.preload?.().catch(() => undefined);
}
