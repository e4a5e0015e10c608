// GET /api/Customers/forCurrentUser: the customers the user reaches, each with its propositionCount.
import { dotnetList } from '#domain/list';

import { reachableCustomersWhere } from '../../auth/access';
import type { RoutePlugin } from '../../deps';
import { customerListSchema, listCustomers } from '../customerList';

const customersListRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/api/Customers/forCurrentUser',
    { schema: { tags: ['Customers'], response: { 200: customerListSchema } } },
    async (request) => dotnetList(await listCustomers(db, reachableCustomersWhere(request.user))),
  );
};

export default customersListRoutes;
