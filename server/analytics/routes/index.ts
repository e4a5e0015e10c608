// The analytics area's route plugins, registered by server/areas.ts.
import type { RoutePlugin } from '../../deps';
import annotationsRoutes from './annotations';
import eventsRoutes from './events';
import productsRoutes from './products';
import retentionRoutes from './retention';
import summariesRoutes from './summaries';
import versionsRoutes from './versions';
import visitsRoutes from './visits';

export const analyticsRoutes: RoutePlugin[] = [
  productsRoutes,
  eventsRoutes,
  summariesRoutes,
  versionsRoutes,
  visitsRoutes,
  annotationsRoutes,
  retentionRoutes,
];
