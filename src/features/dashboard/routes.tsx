import type { RouteObject } from 'react-router-dom';

// The dashboard (uPlot, the analytics worker's client) is its own chunk (docs/performance.md).
export const dashboardRoutes: RouteObject[] = [
  { path: '/dashboard', lazy: async () => ({ Component: (await import('./DashboardPage')).DashboardPage }) },
];
