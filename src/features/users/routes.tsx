import type { RouteObject } from 'react-router-dom';

// Each page is its own chunk; the date pickers' French locale is registered by the pages that use it
// (DateTimeField, of DateModal and LicenceAddForm, imports calendarFr), so it travels with them.
export const userRoutes: RouteObject[] = [
  { path: '/Users', lazy: async () => ({ Component: (await import('./UsersListPage')).UsersListPage }) },
  {
    path: '/UserCreateFormulaire',
    lazy: async () => ({ Component: (await import('./UserCreatePage')).UserCreatePage }),
  },
  // The route table's literal odd path, placeholder text included.
  {
    path: '/User/ByEntreprise/${entrepriseId}',
    lazy: async () => ({ Component: (await import('./UserCreatePage')).UserCreatePage }),
  },
  {
    path: '/users/:userId/details',
    lazy: async () => {
      const { UserDetailsPage } = await import('./UserDetailsPage');
      return { element: <UserDetailsPage key="details" inline={false} /> };
    },
  },
  {
    path: '/users/:userId/detailsCopy',
    lazy: async () => {
      const { UserDetailsPage } = await import('./UserDetailsPage');
      return { element: <UserDetailsPage key="detailsCopy" inline /> };
    },
  },
];
