import type { RouteObject } from 'react-router-dom';

import { lazyPage } from '../../app/lazyPage';

// The dashboard (uPlot, the analytics worker's client) is its own chunk (docs/performance.md).
export const dashboardRoutes: RouteObject[] = [
  { path: '/dashboard', ...lazyPage(async () => (await import('./DashboardPage')).DashboardPage) },
];
