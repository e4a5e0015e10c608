// The users area's route plugins, registered by server/areas.ts.
import type { RoutePlugin } from '../../deps';
import licenceRoutes from './licences';
import ownPasswordRoutes from './ownPassword';
import userCreateRoutes from './userCreate';
import userEditRoutes from './userEdit';
import usersReadRoutes from './usersRead';

export const usersRoutes: RoutePlugin[] = [
  usersReadRoutes,
  userCreateRoutes,
  userEditRoutes,
  licenceRoutes,
  ownPasswordRoutes,
];
