import type { RouteObject } from 'react-router-dom';

// Each page is its own chunk, loaded when its route is first visited (docs/performance.md).
export const customerRoutes: RouteObject[] = [
  { path: '/customers', lazy: async () => ({ Component: (await import('./CustomersPage')).CustomersPage }) },
  {
    path: '/customers/create',
    lazy: async () => ({ Component: (await import('./CustomerCreatePage')).CustomerCreatePage }),
  },
  {
    path: '/customers/edit/:id',
    lazy: async () => ({ Component: (await import('./CustomerEditPage')).CustomerEditPage }),
  },
  {
    path: '/customers/:id',
    lazy: async () => ({ Component: (await import('./CustomerDetailPage')).CustomerDetailPage }),
  },
  {
    path: '/users/:userId/customers',
    lazy: async () => ({ Component: (await import('./UserCustomersPage')).UserCustomersPage }),
  },
];
