// The customer list query: customers matching a condition, each with its propositionCount. Read by the
// list routes (./routes/customersList.ts, ./routes/customers.ts) and by ./reach.ts.
import { desc, eq, type SQL, sql } from 'drizzle-orm';

import { customerSchema } from '#domain/customer';

import type { Db } from '../db/client';
import { customers, propositions } from '../db/schema';
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
