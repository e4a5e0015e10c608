import type { RouteObject } from 'react-router-dom';
import { CustomerCreatePage } from './CustomerCreatePage';
import { CustomerDetailPage } from './CustomerDetailPage';
import { CustomerEditPage } from './CustomerEditPage';
import { CustomersPage } from './CustomersPage';
import { UserCustomersPage } from './UserCustomersPage';

export const customerRoutes: RouteObject[] = [
  { path: '/customers', element: <CustomersPage /> },
  { path: '/customers/create', element: <CustomerCreatePage /> },
  { path: '/customers/edit/:id', element: <CustomerEditPage /> },
  { path: '/customers/:id', element: <CustomerDetailPage /> },
  { path: '/users/:userId/customers', element: <UserCustomersPage /> },
];
