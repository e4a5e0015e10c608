// The analytics area's route plugins, registered by server/routes/index.ts.
import type { RoutePlugin } from '../../deps';
import eventsRoutes from './events';
import productsRoutes from './products';
import summariesRoutes from './summaries';
import versionsRoutes from './versions';

export const analyticsRoutes: RoutePlugin[] = [productsRoutes, eventsRoutes, summariesRoutes, versionsRoutes];
