// Every route plugin of the API, registered in this order by buildApp. Each area lists its own plugins.
import type { RoutePlugin } from '../deps';
import authRoutes from './auth';
import currentUserRoutes from './currentUser';
import customersListRoutes from './customersList';
import entrepriseRoutes from './entreprise';
import { analyticsRoutes } from './analytics/index';
import { customersRoutes } from './customers/index';
import { usersRoutes } from './users/index';
import { catalogueRoutes } from './catalogue/index';
import { viewerRoutes } from './collect/index';

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
