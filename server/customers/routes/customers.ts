// Customers (docs/product.md §2.7): by user, by id with propositions, create, update, delete with cascade.
import { and, eq, inArray } from 'drizzle-orm';

import { customerCreateSchema, customerDetailSchema, customerEditSchema, customerSchema } from '#domain/customer';
import { dotnetList } from '#domain/list';

import { reachableCustomersWhere, reachableRecordsOwner } from '../../auth/access';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { customers, propositions } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { notFound } from '../../http/errors';
import { listResponse } from '../../http/listSchema';
import { idParams, noContent } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { listCustomers } from '../customerList';
import { CUSTOMER_NOT_FOUND, listPropositions, reachableCustomer } from '../reach';

const params = idParams('id');
const tags = ['Customers'];

async function customerDetail(db: Db, user: SessionUser, id: number) {
  const customer = await reachableCustomer(db, user, id);
  const list = await listPropositions(db, eq(propositions.customerId, id));
  return { ...customer, propositions: list.map((p) => p.api) };
}

const customerRoutes: RoutePlugin = async (app, { db, files }) => {
  app.get(
    '/api/Customers/forUser/:userId',
    { schema: { tags, params: idParams('userId'), response: { 200: listResponse(customerSchema), ...problems(404) } } },
    async (request) => {
      const { userId } = request.params;
      await reachableRecordsOwner(db, request.user, userId);
      return dotnetList(
        await listCustomers(db, and(eq(customers.userId, userId), reachableCustomersWhere(request.user))!),
      );
    },
  );

  app.get(
    '/api/Customers/:id',
    { schema: { tags, params, response: { 200: customerDetailSchema, ...problems(404) } } },
    async (request) => customerDetail(db, request.user, request.params.id),
  );

  // The new customer belongs to whoever creates it, in his company.
  app.post(
    '/api/Customers/NewCustomer',
    { schema: { tags, body: customerCreateSchema, response: { 201: customerDetailSchema } } },
    async (request, reply) => {
      const { createdAt: _ignored, ...body } = request.body;
      const [row] = await db
        .insert(customers)
        .values({ ...body, userId: request.user.userId, entrepriseId: request.user.entrepriseId })
        .returning({ customerId: customers.customerId });
      request.log.info({ event: 'customer.created', customerId: row.customerId, userId: request.user.userId });
      return reply.status(201).send(await customerDetail(db, request.user, row.customerId));
    },
  );

  app.put(
    '/api/Customers/:id',
    { schema: { tags, params, body: customerEditSchema, response: { 200: customerDetailSchema, ...problems(404) } } },
    async (request) => {
      const { id } = request.params;
      await reachableCustomer(db, request.user, id);
      const { customerId: _fromBody, ...body } = request.body;
      await db.update(customers).set(body).where(eq(customers.customerId, id));
      return customerDetail(db, request.user, id);
    },
  );

  // Deletes the customer and its propositions in one transaction; their files go once it is committed.
  app.delete(
    '/api/Customers/:id',
    { schema: { tags, params, response: { 204: noContent, ...problems(404) } } },
    async (request, reply) => {
      const { id } = request.params;
      await reachableCustomer(db, request.user, id);
      const keys = await db.transaction(async (tx) => {
        const props = await tx
          .select({ id: propositions.propositionId, video: propositions.cheminVideo, pdf: propositions.cheminPdf })
          .from(propositions)
          .where(eq(propositions.customerId, id));
        if (props.length)
          await tx.delete(propositions).where(
            inArray(
              propositions.propositionId,
              props.map((p) => p.id),
            ),
          );
        const gone = await tx
          .delete(customers)
          .where(eq(customers.customerId, id))
          .returning({ id: customers.customerId });
        if (!gone.length) throw notFound(CUSTOMER_NOT_FOUND);
        return props.flatMap((p) => [p.video, p.pdf]);
      });
      await files.remove(keys);
      request.log.info({ event: 'customer.deleted', customerId: id, userId: request.user.userId });
      return reply.status(204).send();
    },
  );
};

export default customerRoutes;
