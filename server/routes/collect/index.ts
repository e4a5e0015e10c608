// The public viewer's routes (docs/viewer.md): its events.
import type { RoutePlugin } from '../../deps';
import collectRoutes from './collect';

export const viewerRoutes: RoutePlugin[] = [collectRoutes];
