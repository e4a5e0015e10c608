// The notifications area's route plugins, registered by server/areas.ts.
import type { RoutePlugin } from '../../deps';
import alertRoutes from './alerts';
import subscriptionRoutes from './subscriptions';
import unsubscribeRoutes from './unsubscribe';

export const notificationsRoutes: RoutePlugin[] = [subscriptionRoutes, unsubscribeRoutes, alertRoutes];
