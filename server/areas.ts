// Every route plugin of the API, registered in this order by buildApp. Each area lists its own plugins.
import { analyticsRoutes } from './analytics/routes/index';
import { catalogueRoutes } from './catalogue/routes/index';
import { viewerRoutes } from './collect/routes/index';
import customersListRoutes from './customers/routes/customersList';
import { customersRoutes } from './customers/routes/index';
import type { RoutePlugin } from './deps';
import entrepriseRoutes from './entreprise/routes/entreprise';
import { notificationsRoutes } from './notifications/routes/index';
import currentUserRoutes from './session/routes/currentUser';
import authRoutes from './session/routes/signIn';
import { usersRoutes } from './users/routes/index';

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
  ...notificationsRoutes,
];
