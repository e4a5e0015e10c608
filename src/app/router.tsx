// The full route table: /login is public, everything else sits behind the guard, and any other path goes
// to /dashboard (signed in) or /login. Feature pages are lazy chunks (lazyPage.ts, each feature's routes.tsx).
import { useAtomValue } from 'jotai';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';

import { isAuthenticatedAtom } from '../features/auth/atoms';
import { LoginPage } from '../features/auth/LoginPage';
import { catalogueRoutes } from '../features/catalogue/routes';
import { customerRoutes } from '../features/customers/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { propositionRoutes } from '../features/propositions/routes';
import { userRoutes } from '../features/users/routes';
import { preloadPages } from './lazyPage';
import { PageLoadError } from './PageLoadError';
import { withTitles } from './pageTitles';
import { RootLayout } from './RootLayout';

/**
 * What the root shows while the frame's code loads on a signed-in visit: nothing, the shell's bars are on
 * screen meanwhile (src/app/bootFrame.ts). Declared so that React Router does not warn in that first
 * render (a console warning and an Error made for its stack, on the load's main thread).
 */
const NoHydrateFallback = () => null;

function Fallback() {
  return <Navigate to={useAtomValue(isAuthenticatedAtom) ? '/dashboard' : '/login'} replace />;
}

const pageRoutes = [
  ...dashboardRoutes,
  ...customerRoutes,
  ...propositionRoutes,
  ...catalogueRoutes,
  ...userRoutes,
  ...notificationRoutes,
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: NoHydrateFallback,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        // The frame (sidebar, guard) is a chunk of its own, with the small modules its pages share
        // (scripts/frameChunk.ts): the sign-in page does not load it. When that chunk cannot be loaded
        // (offline before it was ever cached, or a deployment since), the same notice.
        lazy: async () => {
          const { ProtectedLayout } = await import('./ProtectedLayout');
          // The page's chunk, asked for once the frame's is loaded (lazyPage.ts).
          preloadPages(pageRoutes, window.location);
          return { Component: ProtectedLayout };
        },
        errorElement: <PageLoadError />,
        children: [
          {
            // A page's chunk that fails to load is shown inside the frame, not instead of it.
            errorElement: <PageLoadError />,
            children: pageRoutes,
          },
        ],
      },
      { path: '*', element: <Fallback /> },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The app's router, made on first use: by the first render rather than while the main chunk is evaluated.
 * Making it matches the location and starts loading the page's lazy chunks; inside the evaluation, that
 * task was 148–294 ms on a slow host, 65–84 ms without it (docs/performance.md, "The first render in a
 * transition, a chart's first draw apart").
 */
export function appRouter() {
  router ??= createBrowserRouter(withTitles(routes));
  return router;
}
