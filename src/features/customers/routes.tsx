import type { RouteObject } from 'react-router-dom';

import { lazyPage } from '../../app/lazyPage';

// Each page is its own chunk, loaded when its route is first visited (docs/performance.md).
export const customerRoutes: RouteObject[] = [
  { path: '/customers', ...lazyPage(async () => (await import('./CustomersPage')).CustomersPage) },
  {
    path: '/customers/create',
    ...lazyPage(async () => (await import('./CustomerCreatePage')).CustomerCreatePage),
  },
  {
    path: '/customers/edit/:id',
    ...lazyPage(async () => (await import('./CustomerEditPage')).CustomerEditPage),
  },
  {
    path: '/customers/:id',
    ...lazyPage(async () => (await import('./CustomerDetailPage')).CustomerDetailPage),
  },
  {
    path: '/users/:userId/customers',
    ...lazyPage(async () => (await import('./UserCustomersPage')).UserCustomersPage),
  },
];
