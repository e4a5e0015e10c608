import type { RouteObject } from 'react-router-dom';

import { lazyPage } from '../../app/lazyPage';

// Each page is its own chunk; the date pickers' French locale is registered by the pages that use it
// (DateTimeField, of DateModal and LicenceAddForm, imports calendarFr), so it travels with them.
export const userRoutes: RouteObject[] = [
  { path: '/Users', ...lazyPage(async () => (await import('./UsersListPage')).UsersListPage) },
  {
    path: '/UserCreateFormulaire',
    ...lazyPage(async () => (await import('./UserCreatePage')).UserCreatePage),
  },
  // The route table's literal odd path, placeholder text included.
  {
    path: '/User/ByEntreprise/${entrepriseId}',
    ...lazyPage(async () => (await import('./UserCreatePage')).UserCreatePage),
  },
  {
    path: '/users/:userId/details',
    ...lazyPage(async () => {
      const { UserDetailsPage } = await import('./UserDetailsPage');
      return () => <UserDetailsPage key="details" inline={false} />;
    }),
  },
  {
    path: '/users/:userId/detailsCopy',
    ...lazyPage(async () => {
      const { UserDetailsPage } = await import('./UserDetailsPage');
      return () => <UserDetailsPage key="detailsCopy" inline />;
    }),
  },
];
