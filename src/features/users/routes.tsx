import type { RouteObject } from 'react-router-dom';
import './calendarFr';
import { UserCreatePage } from './UserCreatePage';
import { UserDetailsPage } from './UserDetailsPage';
import { UsersListPage } from './UsersListPage';

export const userRoutes: RouteObject[] = [
  { path: '/Users', element: <UsersListPage /> },
  { path: '/UserCreateFormulaire', element: <UserCreatePage /> },
  // The spec's literal odd path, placeholder text included (spec 2 section 2.1).
  { path: '/User/ByEntreprise/${entrepriseId}', element: <UserCreatePage /> },
  { path: '/users/:userId/details', element: <UserDetailsPage key="details" inline={false} /> },
  { path: '/users/:userId/detailsCopy', element: <UserDetailsPage key="detailsCopy" inline /> },
];
