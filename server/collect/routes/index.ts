// The public viewer's routes (docs/viewer.md): its data, its model and its events.
import type { RoutePlugin } from '../../deps';
import collectRoutes from './collect';
import viewerDataRoutes from './viewer';

export const viewerRoutes: RoutePlugin[] = [collectRoutes, viewerDataRoutes];
