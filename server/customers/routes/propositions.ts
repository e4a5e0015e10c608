// Propositions (docs/product.md §2.7): read, description update, status update, delete (files after commit).
import { eq } from 'drizzle-orm';

import { propositionSchema, propositionUpdateSchema, statusUpdateSchema } from '#domain/proposition';

import { propositions } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { idParams, noContent } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { reachableProposition } from '../reach';

const params = idParams('id');
const tags = ['Propositions'];

const propositionRoutes: RoutePlugin = async (app, { db, files }) => {
  app.get(
    '/api/Propositions/:id',
    { schema: { tags, params, response: { 200: propositionSchema, ...problems(404) } } },
    async (request) => (await reachableProposition(db, request.user, request.params.id)).api,
  );

  app.put(
    '/api/Propositions/:id',
    { schema: { tags, params, body: propositionUpdateSchema, response: { 200: propositionSchema, ...problems(404) } } },
    async (request) => {
      const id = request.params.id;
      await reachableProposition(db, request.user, id);
      await db
        .update(propositions)
        .set({ description: request.body.description || null })
        .where(eq(propositions.propositionId, id));
      return (await reachableProposition(db, request.user, id)).api;
    },
  );

  // The body is a bare JSON string: "Vidéo envoyée".
  app.put(
    '/api/Propositions/updateStatus/:id',
    { schema: { tags, params, body: statusUpdateSchema, response: { 200: propositionSchema, ...problems(404) } } },
    async (request) => {
      const id = request.params.id;
      await reachableProposition(db, request.user, id);
      await db.update(propositions).set({ statusName: request.body }).where(eq(propositions.propositionId, id));
      return (await reachableProposition(db, request.user, id)).api;
    },
  );

  app.delete(
    '/api/Propositions/:id',
    { schema: { tags, params, response: { 204: noContent, ...problems(404) } } },
    async (request, reply) => {
      const id = request.params.id;
      const { row } = await reachableProposition(db, request.user, id);
      // The share token goes with the row (ON DELETE CASCADE); the files once the delete is committed.
      await db.delete(propositions).where(eq(propositions.propositionId, id));
      await files.remove([row.cheminVideo, row.cheminPdf]);
      request.log.info({ event: 'proposition.deleted', propositionId: id, userId: request.user.userId });
      return reply.status(204).send();
    },
  );
};

export default propositionRoutes;
