// Every route plugin of the API, registered in this order by buildApp. Each area lists its own plugins.
import type { RoutePlugin } from '../deps';
import { analyticsRoutes } from './analytics/index';
import authRoutes from './auth';
import { catalogueRoutes } from './catalogue/index';
import { viewerRoutes } from './collect/index';
import currentUserRoutes from './currentUser';
import { customersRoutes } from './customers/index';
import customersListRoutes from './customersList';
import entrepriseRoutes from './entreprise';
import { usersRoutes } from './users/index';

export const routePlugins: RoutePlugin[] = [
  authRoutes,
  currentUserRoutes,
  customersListRoutes,
  entrepriseRoutes,
  ...analyticsRoutes,
  ...customersRoutes,
  ...usersRoutes,
  ...catalogueRoutes,
  ...viewerRoutes,
];
