import type { RouteObject } from 'react-router-dom';

import { lazyPage } from '../../app/lazyPage';

export const notificationRoutes: RouteObject[] = [
  { path: '/notifications', ...lazyPage(async () => (await import('./NotificationsPage')).NotificationsPage) },
];
