// The customers area's route plugins, registered by server/areas.ts.
// GET /api/Customers/forCurrentUser stays in ../customersList.ts (shared with the sidebar badge).
import type { RoutePlugin } from '../../deps';
import customerRoutes from './customers';
import propositionCreateRoutes from './propositionCreate';
import propositionFileRoutes from './propositionFiles';
import propositionRoutes from './propositions';
import shareLinkRoutes from './shareLink';
import videoLinkRoutes from './videoLinks';

export const customersRoutes: RoutePlugin[] = [
  customerRoutes,
  propositionRoutes,
  propositionCreateRoutes,
  propositionFileRoutes,
  videoLinkRoutes,
  shareLinkRoutes,
];
