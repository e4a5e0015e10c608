// GET /api/Customers/forCurrentUser: the customers the user reaches, each with its propositionCount.
import { desc, eq, type SQL, sql } from 'drizzle-orm';

import { customerSchema } from '../../src/domain/customer';
import { dotnetList } from '../../src/domain/list';
import { customerReach } from '../auth/customerScope';
import type { Db } from '../db/client';
import { customers, propositions } from '../db/schema';
import type { RoutePlugin } from '../deps';
import { listResponse } from '../http/listSchema';

export const customerListSchema = listResponse(customerSchema);

/** Customers matching `where`, newest first, with their proposition count. */
export async function listCustomers(db: Db, where: SQL) {
  const rows = await db
    .select({
      customerId: customers.customerId,
      userId: customers.userId,
      nom: customers.nom,
      prenom: customers.prenom,
      mail: customers.mail,
      mobile: customers.mobile,
      adress: customers.adress,
      city: customers.city,
      postalCode: customers.postalCode,
      commentaire: customers.commentaire,
      compagny: customers.compagny,
      createdAt: customers.createdAt,
      propositionCount: sql<number>`count(${propositions.propositionId})::int`,
    })
    .from(customers)
    .leftJoin(propositions, eq(propositions.customerId, customers.customerId))
    .where(where)
    .groupBy(customers.customerId)
    .orderBy(desc(customers.createdAt), desc(customers.customerId));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    propositionCount: Number(r.propositionCount),
  }));
}

const customersListRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/api/Customers/forCurrentUser',
    { schema: { tags: ['Customers'], response: { 200: customerListSchema } } },
    async (request) => dotnetList(await listCustomers(db, customerReach(request.user))),
  );
};

export default customersListRoutes;
